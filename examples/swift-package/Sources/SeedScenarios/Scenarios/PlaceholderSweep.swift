import Kinetype

extension SeedScenario {
    /// Scenario 2, placeholder sweep (`examples/placeholder-sweep.yaml`): a small grey "Loading…"
    /// moves up and grows into the title's place on a spring while it cross-fades into the title.
    /// Both layers share the same size and position keyframes, so the two texts stay on top of
    /// each other.
    static func placeholderSweep(catalog: FontCatalog = .standard) throws -> Scene {
        // The spring lands at 1.4 s, as the spec file writes it: keyframes say when, where
        // `animate` would land a spring once it has settled.
        let spring = Easing.spring(response: 0.6, dampingFraction: 0.85)
        let size = KeyframeTrack<Double>(keyframes: [
            Keyframe(time: 0.2, value: 18), Keyframe(time: 1.4, value: 48, easing: spring)
        ])
        let position = KeyframeTrack(keyframes: [
            Keyframe(time: 0.2, value: Point2(x: 430, y: 320)), Keyframe(time: 1.4, value: Point2(x: 40, y: 80), easing: spring)
        ])
        var scene = try Scene(width: 640, height: 360, background: "#F6F7F9", fps: 30, duration: 2, catalog: catalog) {
            Text("Loading…", id: "placeholder", font: try .system(weight: 400, catalog: catalog), size: .animated(size))
                .position(.animated(position))
                .anchor(.baselineLeft)
                .color("#8A9099")
            Text("Quarterly report", id: "title", font: try .system(weight: 700, catalog: catalog), size: .animated(size))
                .position(.animated(position))
                .anchor(.baselineLeft)
                .color("#14171C")
                .opacity(0)
        }
        // One withAnimation, two state changes: the cross-fade.
        try scene.animate(.easeInOut(duration: 0.5), at: 0.6, catalog: catalog) {
            $0["placeholder"].opacity = 0
            $0["title"].opacity = 1
        }
        return scene
    }
}
