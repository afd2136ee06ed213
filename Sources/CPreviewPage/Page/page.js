"use strict";
const $ = (id) => document.getElementById(id);
const frameCanvas = $("frame"), overlayCanvas = $("overlay"), timeline = $("timeline");
const ctx = frameCanvas.getContext("2d", { willReadFrequently: false });
const LABEL_WIDTH = 132, RULER = 22, ROW = 20, MAX_IN_FLIGHT = 4, KEEP = 150;
// `?static`: no long poll, so a headless browser's --virtual-time-budget runs out (a pending
// request holds virtual time) and it takes a screenshot of the frame.
const STATIC = new URLSearchParams(location.search).has("static");
const RETRY_MS = 250;
const COLORS = ["#ff4d6d", "#3ddc97", "#4f9dff", "#ffb347", "#c77dff", "#2ec4d6", "#f15bb5", "#b5e48c"];

const state = {
  version: -1, sceneVersion: null, scene: null, error: null,
  frame: 0, playing: false, loop: true, dropped: 0,
  drawnFrame: null, drawnSceneVersion: null, drawnAt: 0,
  playStart: 0, playStartFrame: 0, nextDue: 0, connected: false, server: undefined,
};
const bitmaps = new Map();   // frame -> { promise, bitmap, sceneVersion }
const queue = [];            // frames waiting for a connection, most wanted first
let inFlight = 0;
const waiters = [];          // seek() promises: { frame, sceneVersion, resolve }

// ---- frames ------------------------------------------------------------------------
function want(frame, urgent) {
  const entry = bitmaps.get(frame);
  if (entry) return entry.promise;
  let resolve, reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  promise.catch(() => {});
  bitmaps.set(frame, { promise, bitmap: null, sceneVersion: state.sceneVersion, resolve, reject, frame });
  if (urgent) queue.unshift(frame); else queue.push(frame);
  pump();
  return promise;
}

function pump() {
  while (inFlight < MAX_IN_FLIGHT && queue.length) {
    const frame = queue.shift();
    const entry = bitmaps.get(frame);
    if (!entry || entry.bitmap || entry.started) continue;
    entry.started = true;
    inFlight++;
    const sceneVersion = entry.sceneVersion;
    fetch(`/frames/${frame}.png?v=${sceneVersion}`)
      .then((r) => r.ok ? r.blob() : r.json().then((j) => Promise.reject(new Error(j.error))))
      .then((blob) => createImageBitmap(blob, { premultiplyAlpha: "none", colorSpaceConversion: "none" }))
      .then((bitmap) => {
        if (bitmaps.get(frame) === entry) { entry.bitmap = bitmap; entry.resolve(bitmap); } else bitmap.close();
      })
      .catch((e) => { if (bitmaps.get(frame) === entry) bitmaps.delete(frame); entry.reject(e); })
      .finally(() => { inFlight--; pump(); if (state.playing) tick(); });
  }
}

function forgetFrames() {
  for (const entry of bitmaps.values()) { if (entry.bitmap) entry.bitmap.close(); entry.reject(new Error("scene changed")); }
  bitmaps.clear();
  queue.length = 0;
}

function trimCache() {
  if (bitmaps.size <= KEEP || !state.scene) return;
  const n = state.scene.frameCount, at = state.frame;
  const distance = (f) => { const d = (f - at + n) % n; return d < n / 2 ? d : n - d + 1; };
  const done = [...bitmaps.values()].filter((e) => e.bitmap).sort((a, b) => distance(b.frame) - distance(a.frame));
  for (const entry of done.slice(0, bitmaps.size - KEEP)) { entry.bitmap.close(); bitmaps.delete(entry.frame); }
}

function draw(frame, bitmap) {
  if (frameCanvas.width !== bitmap.width || frameCanvas.height !== bitmap.height) return;
  ctx.clearRect(0, 0, frameCanvas.width, frameCanvas.height);
  ctx.drawImage(bitmap, 0, 0);
  state.drawnFrame = frame;
  state.drawnSceneVersion = state.sceneVersion;
  state.drawnAt = Date.now();
  for (let i = waiters.length - 1; i >= 0; i--) {
    const w = waiters[i];
    if (w.frame === frame && w.sceneVersion === state.sceneVersion) { waiters.splice(i, 1); w.resolve(); }
  }
  if ($("boxes").checked) loadLayout(frame);
}

// Shows `frame` as soon as it is there (and the frames around it next).
function show(frame) {
  if (!state.scene) return;
  const n = state.scene.frameCount;
  frame = Math.max(0, Math.min(n - 1, frame));
  state.frame = frame;
  updateReadout();
  drawTimeline();
  const sceneVersion = state.sceneVersion;
  want(frame, true).then((bitmap) => {
    if (state.frame === frame && state.sceneVersion === sceneVersion && !state.playing) draw(frame, bitmap);
  }, () => {});
  for (const f of [frame + 1, frame - 1, frame + 2, frame + 3]) if (f >= 0 && f < n) want(f, false);
  trimCache();
}

// ---- playing -----------------------------------------------------------------------
function play() {
  if (!state.scene || state.playing) return;
  const n = state.scene.frameCount;
  if (!state.loop && state.frame >= n - 1) state.frame = 0;
  state.playing = true;
  state.playStart = performance.now();
  state.playStartFrame = state.frame;
  state.nextDue = state.frame + 1;
  $("play").textContent = "❚❚";
  startSound(state.frame, true);
  requestAnimationFrame(loop);
}

function pause() {
  if (!state.playing) return;
  state.playing = false;
  stopSound();
  $("play").textContent = "▶";
  show(state.frame);
  setHash();
}

function loop() { if (state.playing) { tick(); requestAnimationFrame(loop); } }

// Absolute frame numbers count on past the end when looping; frame = absolute mod count.
function tick() {
  const scene = state.scene, n = scene.frameCount;
  // While the sound plays, its clock paces the frames, so they stay in step with it.
  const elapsed = sound.source && sound.context.state === "running"
    ? sound.context.currentTime - sound.clockStart : (performance.now() - state.playStart) / 1000;
  const due = state.playStartFrame + Math.floor(elapsed * scene.fps + 1e-6);
  let target = due;
  if (!state.loop && target >= n - 1) target = n - 1;
  const ahead = Math.max(4, Math.ceil(scene.fps / 5));
  for (let a = target + 1; a <= target + ahead; a++) {
    if (!state.loop && a >= n) break;
    want(((a % n) + n) % n, false);
  }
  let shown = null;
  for (let a = target; a >= state.nextDue; a--) {
    const entry = bitmaps.get(a % n);
    if (entry && entry.bitmap) { shown = a; break; }
  }
  if (shown !== null) {
    state.dropped += shown - state.nextDue;
    // A loop starts the sound again from the top.
    if (Math.floor(shown / n) !== Math.floor((state.nextDue - 1) / n)) startSound(shown % n, false);
    state.nextDue = shown + 1;
    state.frame = shown % n;
    draw(state.frame, bitmaps.get(state.frame).bitmap);
    updateReadout();
    drawTimeline();
    trimCache();
  }
  if (!state.loop && state.nextDue > n - 1) pause();
}

// ---- sound -------------------------------------------------------------------------
// The scene's sound (/audio.m4a), decoded once per scene version, played from the frame's time.
const sound = { context: null, buffer: null, source: null, sceneVersion: null, status: "none", clockStart: 0, offset: 0 };

async function loadSound(summary) {
  stopSound();
  sound.buffer = null;
  sound.sceneVersion = summary.sceneVersion;
  $("sound-label").hidden = !summary.audio;
  if (!summary.audio) { sound.status = "none"; return; }
  sound.status = "loading";
  try {
    const r = await fetch("/audio.m4a", { cache: "no-store" });
    if (!r.ok) throw new Error((await r.json()).error || `HTTP ${r.status}`);
    const data = await r.arrayBuffer();
    if (!sound.context) sound.context = new AudioContext();
    const buffer = await sound.context.decodeAudioData(data);
    if (sound.sceneVersion !== summary.sceneVersion) return;
    sound.buffer = buffer;
    sound.status = "ready";
    if (state.playing) startSound(state.frame, true);
  } catch (e) {
    sound.status = `error: ${e.message}`;
  }
}

// Plays the sound from `frame`'s time; `restartClock` makes that moment the playing clock's start.
function startSound(frame, restartClock) {
  stopSound();
  if (!sound.buffer || !$("sound").checked || !state.playing) return;
  const context = sound.context;
  if (context.state === "suspended") context.resume();
  const source = context.createBufferSource();
  source.buffer = sound.buffer;
  source.connect(context.destination);
  sound.offset = frame / state.scene.fps;
  if (sound.offset < sound.buffer.duration) source.start(0, sound.offset);
  if (restartClock) sound.clockStart = context.currentTime - (frame - state.playStartFrame) / state.scene.fps;
  sound.source = source;
}

function stopSound() {
  if (!sound.source) return;
  try { sound.source.stop(); } catch (e) { /* never started: past the sound's end */ }
  sound.source = null;
}

// ---- the scene ---------------------------------------------------------------------
async function loadScene() {
  const r = await fetch("/scene.json", { cache: "no-store" });
  const summary = await r.json();
  // Another server process (a restart): its versions count from 1 again, so its scene is new.
  const server = r.headers.get("X-Kinetype-Server");
  if (server !== state.server) { state.server = server; state.sceneVersion = null; }
  state.version = summary.version;
  state.error = summary.error || null;
  $("error").textContent = state.error || "";
  $("error").classList.toggle("shown", !!state.error);
  $("name").textContent = summary.spec;
  document.title = `${summary.spec.split("/").pop()} · kinetype preview`;
  if (summary.sceneVersion !== undefined && summary.sceneVersion !== state.sceneVersion) {
    const first = state.scene === null;
    state.scene = summary;
    state.sceneVersion = summary.sceneVersion;
    forgetFrames();
    loadSound(summary);
    if (frameCanvas.width !== summary.width || frameCanvas.height !== summary.height) {
      frameCanvas.width = summary.width;
      frameCanvas.height = summary.height;
      layout();
    }
    $("size").textContent = `${summary.width}×${summary.height} · ${summary.fps} fps · ${summary.frameCount} frames`;
    if (first) state.frame = hashFrame() ?? 0;
    state.frame = Math.min(state.frame, summary.frameCount - 1);
    if (state.playing) {
      state.playStart = performance.now();
      state.playStartFrame = state.frame;
      state.nextDue = state.frame;
    }
    show(state.frame);
  }
  showParams(summary);
  updateReadout();
  drawTimeline();
  setStatus();
}

// ---- params ------------------------------------------------------------------------
// The spec's params as fields, and the rows of `preview --rows` to fill them from. A changed
// field loads the spec with every field's value; the server keeps the last good frames.
function showParams(summary) {
  const params = summary.parameters || [];
  if ($("params").hidden !== (params.length === 0)) {
    $("params").hidden = params.length === 0;
    layout();  // the stage is shorter or taller by the panel
  }
  const fields = $("param-fields");
  const names = params.map((p) => `${p.name}:${p.kind}`).join(",");
  if (fields.dataset.names !== names) {
    fields.dataset.names = names;
    fields.replaceChildren(...params.map(paramField));
  }
  for (const p of params) {
    const input = fields.querySelector(`[data-param="${CSS.escape(p.name)}"]`);
    const value = summary.values[p.name] ?? p.value;
    if (!input || input === document.activeElement) continue;
    if (p.kind === "boolean") input.checked = value === "true"; else input.value = value;
    const swatch = input.parentElement.querySelector("input[type=color]");
    if (swatch && /^#[0-9a-fA-F]{6}/.test(value)) swatch.value = value.slice(0, 7).toLowerCase();
  }
  const rows = summary.rows || [];
  const select = $("row");
  select.hidden = rows.length === 0;
  if (select.options.length !== rows.length + 1) {
    select.replaceChildren(new Option("row…", ""), ...rows.map((r) =>
      new Option(`${r.number}: ${Object.values(r.values).join(", ").slice(0, 60)}`, String(r.number))));
  }
  const current = rows.find((r) => params.every((p) => (r.values[p.name] ?? p.value) === (summary.values[p.name] ?? p.value)));
  select.value = current ? String(current.number) : "";
}

function paramField(p) {
  const label = document.createElement("label");
  label.title = `${p.name} (${p.kind})`;
  label.append(`${p.name} `);
  const input = document.createElement("input");
  input.dataset.param = p.name;
  input.type = p.kind === "boolean" ? "checkbox" : p.kind === "number" ? "number" : "text";
  if (p.kind === "number") input.step = "any";
  input.addEventListener("change", sendParams);
  label.append(input);
  if (p.kind === "color") {
    const swatch = document.createElement("input");
    swatch.type = "color";
    swatch.addEventListener("input", () => { input.value = swatch.value.toUpperCase(); });
    swatch.addEventListener("change", sendParams);
    label.append(swatch);
  }
  return label;
}

function sendParams() {
  const values = {};
  for (const input of $("param-fields").querySelectorAll("[data-param]")) {
    values[input.dataset.param] = input.type === "checkbox" ? String(input.checked) : input.value;
  }
  fetch(`/params?set=${encodeURIComponent(JSON.stringify(values))}`, { cache: "no-store" });
}

$("row").addEventListener("change", (e) => {
  if (e.target.value) fetch(`/params?row=${encodeURIComponent(e.target.value)}`, { cache: "no-store" });
});

async function watch() {
  for (;;) {
    try {
      if (!state.connected) {
        // (Re)connected: the server may be a new process with a new spec and the same version
        // numbers, so the scene and the frame at the playhead are fetched anew whatever the
        // version says; the last good frame stays on screen until the new one is drawn.
        state.sceneVersion = null;
        await loadScene();
        state.connected = true;
        setStatus();
        continue;
      }
      const r = await fetch(`/changes?since=${state.version}`, { cache: "no-store" });
      const { version } = await r.json();
      if (version !== state.version || r.headers.get("X-Kinetype-Server") !== state.server) await loadScene();
    } catch (e) {
      state.connected = false;
      setStatus();
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}

function setStatus() {
  const s = !state.connected ? "disconnected: is kinetype preview running? retrying…"
    : `version ${state.version}` + (state.error ? " · error" : "") + (STATIC ? " · static" : "");
  $("status").textContent = s;
}

// ---- layout overlay ----------------------------------------------------------------
let layoutFor = null, layoutReport = null;  // the report's key and the report drawn
async function loadLayout(frame) {
  const key = `${state.sceneVersion}:${frame}`;
  if (layoutFor === key) return;
  layoutFor = key;
  try {
    const report = await (await fetch(`/inspect/${frame}.json`, { cache: "no-store" })).json();
    if (layoutFor === key && $("boxes").checked) { layoutReport = report; drawLayout(report); }
  } catch (e) {}
}

// A layer's outline, lines and label corner in frame pixels. The report gives `box` on the
// canvas (the bounds of the layer's box under its groups), but lines and `layerBox` in the
// layer's own coordinates, which its innermost group's placement carries onto the canvas.
function layerGeometry(layer) {
  const groups = layer.groups || [], placement = groups.length ? groups[groups.length - 1].placement : null;
  const [a, b, c, d] = placement ? placement.matrix : [1, 0, 0, 1], [ox, oy] = placement ? placement.offset : [0, 0];
  const at = (x, y) => [a * x + b * y + ox, c * x + d * y + oy];
  const own = layer.layerBox, box = layer.box;
  const outline = own
    ? [at(own.x, own.y), at(own.x + own.width, own.y), at(own.x + own.width, own.y + own.height), at(own.x, own.y + own.height)]
    : [[box.x, box.y], [box.x + box.width, box.y], [box.x + box.width, box.y + box.height], [box.x, box.y + box.height]];
  const rule = (line, y) => [at(line.minX, y), at(line.maxX, y)];
  const lines = (layer.lines || []).map((line) => ({
    baseline: rule(line, line.baseline),
    ascent: rule(line, line.baseline - line.ascent),
    descent: rule(line, line.baseline + line.descent),
  }));
  return { id: layer.id, outline, lines, corner: [box.x, box.y] };
}

function drawLayout(report) {
  const o = overlayCanvas.getContext("2d");
  const scale = overlayCanvas.width / frameCanvas.width;
  o.setTransform(1, 0, 0, 1, 0, 0);
  o.clearRect(0, 0, overlayCanvas.width, overlayCanvas.height);
  if (!report || !report.layers) return;
  const px = window.devicePixelRatio || 1;
  o.font = `${11 * px}px system-ui, sans-serif`;
  report.layers.forEach((layer, i) => {
    if (layer.shown === false || !layer.box) return;
    const color = COLORS[i % COLORS.length], g = layerGeometry(layer);
    const x = (v) => Math.round(v * scale) + 0.5;
    const path = (points) => {
      o.beginPath();
      points.forEach(([qx, qy], k) => k ? o.lineTo(x(qx), x(qy)) : o.moveTo(x(qx), x(qy)));
    };
    o.strokeStyle = color; o.fillStyle = color; o.lineWidth = 1;
    o.setLineDash([4 * px, 3 * px]);
    path(g.outline); o.closePath(); o.stroke();
    o.setLineDash([]);
    // Each line: its baseline solid, its ascent and descent dotted, over a dark halo.
    const rule = (points, width, dash) => {
      o.setLineDash(dash);
      for (const [style, w] of [["rgba(0,0,0,.6)", width + 2 * px], [color, width]]) {
        o.strokeStyle = style; o.lineWidth = w;
        path(points); o.stroke();
      }
      o.setLineDash([]); o.lineWidth = 1; o.strokeStyle = color;
    };
    for (const line of g.lines) {
      rule(line.ascent, px, [2 * px, 2 * px]);
      rule(line.descent, px, [2 * px, 2 * px]);
      rule(line.baseline, 1.5 * px, []);
    }
    const label = layer.id, w = o.measureText(label).width + 6 * px, h = 15 * px;
    const [bx, by] = g.corner, ly = Math.max(0, x(by) - h);
    o.fillRect(x(bx) - 0.5, ly, w, h);
    o.fillStyle = "#000"; o.fillText(label, x(bx) + 3 * px, ly + 11 * px);
  });
}

function clearLayout() {
  layoutFor = null;
  layoutReport = null;
  const o = overlayCanvas.getContext("2d");
  o.setTransform(1, 0, 0, 1, 0, 0);
  o.clearRect(0, 0, overlayCanvas.width, overlayCanvas.height);
}

// ---- sizes -------------------------------------------------------------------------
// Fit: the whole canvas inside the stage (the space between header and footer, less its
// padding), in width and in height, keeping its aspect ratio; 100%: one canvas pixel a device
// pixel, scrolled. Run again whenever the stage changes size (a window resize, the timeline or
// the params panel growing), not only when the window does.
function layout() {
  const stage = $("stage"), cs = getComputedStyle(stage), fit = $("zoom").value === "fit";
  const availW = stage.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const availH = stage.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
  const w = frameCanvas.width, h = frameCanvas.height, px = window.devicePixelRatio || 1;
  const scale = fit ? Math.max(0.01, Math.min(availW / w, availH / h)) : 1 / px;
  // Rounded down, so a fitted frame never passes the stage by the half pixel rounding would add.
  const cssW = Math.max(1, Math.floor(w * scale + 1e-6)), cssH = Math.max(1, Math.floor(h * scale + 1e-6));
  const box = $("box");
  box.style.width = `${cssW}px`;
  box.style.height = `${cssH}px`;
  stage.style.overflow = fit ? "hidden" : "auto";
  frameCanvas.classList.toggle("pixelated", scale * px >= 2);
  overlayCanvas.width = Math.round(cssW * px);
  overlayCanvas.height = Math.round(cssH * px);
  if ($("boxes").checked && layoutReport) drawLayout(layoutReport);
  else if ($("boxes").checked && state.drawnFrame !== null) { layoutFor = null; loadLayout(state.drawnFrame); }
  drawTimeline();
}
let stageSize = "";
new ResizeObserver(() => {
  const stage = $("stage"), size = `${stage.clientWidth}×${stage.clientHeight}`;
  if (size !== stageSize) { stageSize = size; layout(); }
}).observe($("stage"));

// ---- timeline ----------------------------------------------------------------------
function drawTimeline() {
  const scene = state.scene, px = window.devicePixelRatio || 1;
  const rows = scene && scene.layers ? scene.layers.length : 0;
  const cssW = timeline.clientWidth || 600, cssH = RULER + rows * ROW + 6;
  if (timeline.width !== Math.round(cssW * px) || timeline.height !== Math.round(cssH * px)) {
    timeline.width = Math.round(cssW * px);
    timeline.height = Math.round(cssH * px);
    timeline.style.height = `${cssH}px`;
  }
  const t = timeline.getContext("2d");
  t.setTransform(px, 0, 0, px, 0, 0);
  t.clearRect(0, 0, cssW, cssH);
  if (!scene) return;
  const n = scene.frameCount, span = n / scene.fps, trackW = cssW - LABEL_WIDTH - 12;
  const xOf = (time) => LABEL_WIDTH + (time / span) * trackW;
  t.font = "11px system-ui, sans-serif";
  t.textBaseline = "middle";
  // Ruler: a tick a frame when there is room, a label every second (or every few).
  const perFrame = trackW / n;
  t.fillStyle = "#8b8f97"; t.strokeStyle = "#4a4e56";
  t.beginPath();
  for (let f = 0; f <= n; f++) {
    const x = Math.round(xOf(f / scene.fps)) + 0.5, second = f % Math.round(scene.fps) === 0;
    if (!second && perFrame < 4) continue;
    t.moveTo(x, second ? 4 : 13); t.lineTo(x, RULER - 2);
  }
  t.stroke();
  const step = Math.max(1, Math.ceil(48 / (trackW / span)));
  for (let s = 0; s <= span + 1e-9; s += step) {
    const label = `${s}s`, w = t.measureText(label).width;
    t.fillText(label, Math.min(xOf(s) + 3, cssW - w - 2), 9);
  }
  // Rows: the layer's id, its span between in and out points, its keyframes.
  scene.layers.forEach((layer, i) => {
    const y = RULER + i * ROW, mid = y + ROW / 2, color = COLORS[i % COLORS.length];
    t.fillStyle = i % 2 ? "#2f3136" : "#33363b";
    t.fillRect(0, y, cssW, ROW);
    t.fillStyle = "#dcdde1";
    t.save(); t.beginPath(); t.rect(0, y, LABEL_WIDTH - 8, ROW); t.clip();
    t.fillText(layer.id, 10, mid); t.restore();
    const from = layer.inPoint ?? 0, to = Math.min(layer.outPoint ?? span, span);
    t.fillStyle = color; t.globalAlpha = 0.25;
    t.fillRect(xOf(from), y + 5, Math.max(1, xOf(to) - xOf(from)), ROW - 10);
    t.globalAlpha = 1;
    for (const track of layer.keyframes) {
      for (const time of track.times) {
        if (time < 0 || time > span) continue;
        const x = xOf(time);
        t.beginPath(); t.moveTo(x, mid - 5); t.lineTo(x + 5, mid); t.lineTo(x, mid + 5); t.lineTo(x - 5, mid); t.closePath();
        t.fill();
      }
    }
  });
  // The playhead.
  const x = Math.round(xOf(state.frame / scene.fps)) + 0.5;
  t.strokeStyle = "#ff3b3b"; t.lineWidth = 1.5;
  t.beginPath(); t.moveTo(x, 0); t.lineTo(x, cssH); t.stroke();
  t.fillStyle = "#ff3b3b";
  t.beginPath(); t.moveTo(x - 5, 0); t.lineTo(x + 5, 0); t.lineTo(x, 7); t.closePath(); t.fill();
  t.lineWidth = 1;
}

function frameAt(clientX) {
  const scene = state.scene, rect = timeline.getBoundingClientRect();
  const trackW = rect.width - LABEL_WIDTH - 12, x = clientX - rect.left - LABEL_WIDTH;
  return Math.round((x / trackW) * scene.frameCount);
}

function keyframeAt(clientX, clientY) {
  const scene = state.scene, rect = timeline.getBoundingClientRect();
  const row = Math.floor((clientY - rect.top - RULER) / ROW), layer = scene && scene.layers && scene.layers[row];
  if (!layer) return "";
  const span = scene.frameCount / scene.fps, trackW = rect.width - LABEL_WIDTH - 12;
  const names = layer.keyframes.filter((k) => k.times.some((time) => {
    return Math.abs(LABEL_WIDTH + (time / span) * trackW - (clientX - rect.left)) <= 5;
  })).map((k) => k.name);
  return names.length ? `${layer.id}: ${names.join(", ")}` : layer.id;
}

// ---- read-out, URL, input ----------------------------------------------------------
function updateReadout() {
  const scene = state.scene;
  if (!scene) return;
  const n = scene.frameCount, pad = String(n - 1).length;
  const time = (f) => (f / scene.fps).toFixed(3);
  $("readout").textContent =
    `frame ${String(state.frame).padStart(pad, " ")} / ${n - 1} · ${time(state.frame)} s / ${time(n)} s`;
  $("dropped").textContent = `dropped ${state.dropped}`;
  $("dropped").classList.toggle("some", state.dropped > 0);
}

function hashFrame() {
  const m = /frame=(\d+)/.exec(location.hash);
  return m ? parseInt(m[1], 10) : null;
}
function setHash() { history.replaceState(null, "", `#frame=${state.frame}`); }

function step(delta) {
  if (!state.scene) return;
  pause();
  const n = state.scene.frameCount;
  let f = state.frame + delta;
  f = state.loop ? (f + n) % n : Math.max(0, Math.min(n - 1, f));
  show(f);
  setHash();
}

let scrubbing = false;
timeline.addEventListener("pointerdown", (e) => {
  if (!state.scene) return;
  scrubbing = true;
  timeline.setPointerCapture(e.pointerId);
  pause();
  show(frameAt(e.clientX));
});
timeline.addEventListener("pointermove", (e) => {
  if (scrubbing) { show(frameAt(e.clientX)); return; }
  timeline.title = keyframeAt(e.clientX, e.clientY);
});
timeline.addEventListener("pointerup", () => { scrubbing = false; setHash(); });
$("play").addEventListener("click", () => state.playing ? pause() : play());
$("prev").addEventListener("click", () => step(-1));
$("next").addEventListener("click", () => step(1));
$("loop").addEventListener("change", (e) => { state.loop = e.target.checked; });
$("sound").addEventListener("change", (e) => {
  if (!e.target.checked) { stopSound(); return; }
  if (state.playing) { state.playStart = performance.now(); state.playStartFrame = state.nextDue = state.frame; startSound(state.frame, true); }
});
$("boxes").addEventListener("change", (e) => {
  if (e.target.checked && state.drawnFrame !== null) loadLayout(state.drawnFrame); else clearLayout();
});
$("zoom").addEventListener("change", layout);
window.addEventListener("resize", layout);
window.addEventListener("hashchange", () => { const f = hashFrame(); if (f !== null && f !== state.frame) { pause(); show(f); } });
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT" || e.metaKey || e.ctrlKey || e.altKey) return;
  const n = state.scene ? state.scene.frameCount : 0;
  switch (e.key) {
    case " ": state.playing ? pause() : play(); break;
    case "ArrowLeft": step(-1); break;
    case "ArrowRight": step(1); break;
    case "Home": pause(); show(0); setHash(); break;
    case "End": pause(); show(n - 1); setHash(); break;
    case "l": case "L": $("loop").click(); break;
    case "o": case "O": $("boxes").click(); break;
    case "m": case "M": if (!$("sound-label").hidden) $("sound").click(); break;
    default: return;
  }
  e.preventDefault();
});

// ---- for tests ---------------------------------------------------------------------
window.kinetypePreview = {
  state: () => ({
    version: state.version, sceneVersion: state.sceneVersion, frame: state.frame, playing: state.playing,
    dropped: state.dropped, error: state.error, drawnFrame: state.drawnFrame,
    drawnSceneVersion: state.drawnSceneVersion, drawnAt: state.drawnAt, connected: state.connected,
    width: frameCanvas.width, height: frameCanvas.height,
    sound: sound.status, soundDuration: sound.buffer ? sound.buffer.duration : null,
    soundPlaying: !!sound.source, soundOffset: sound.offset,
  }),
  seek: (frame) => new Promise((resolve) => {
    pause();
    waiters.push({ frame, sceneVersion: state.sceneVersion, resolve });
    if (state.drawnFrame === frame && state.drawnSceneVersion === state.sceneVersion) {
      waiters.pop(); resolve();
    } else show(frame);
  }),
  readback: () => {
    const data = ctx.getImageData(0, 0, frameCanvas.width, frameCanvas.height).data;
    let binary = "";
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
    return btoa(binary);
  },
  // Each shown layer's outline and lines in frame pixels, as the overlay last drew them.
  overlay: () => layoutReport && layoutReport.layers ? layoutReport.layers.filter((l) => l.shown !== false && l.box).map(layerGeometry) : null,
  play, pause,
};

layout();
if (STATIC) loadScene().then(() => { state.connected = true; setStatus(); }, () => setStatus());
else watch();
