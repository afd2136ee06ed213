import Foundation
import KinetypeMotion
import KinetypeOutput
import KinetypeRaster
import KinetypeRender
import KinetypeScene
import KinetypeText

/// What the preview page knows of the scene (`GET /scene.json`): the version it belongs to, the
/// canvas, the frame rate and count, each layer's keyframe times for the timeline's ticks, and
/// the error of the last load when the spec does not load (the other fields then describe the
/// last scene that did, whose frames the server still renders; with none, they are absent).
struct SceneSummary: Encodable {
    struct Layer: Encodable {
        var id: String
        /// Seconds at which the layer appears and disappears, when it is trimmed.
        var inPoint: Double?
        var outPoint: Double?
        /// What changes when: each animated property (`size`, `position`, …) with its keyframe
        /// times, and each animator (`animators[0]`) and drawn decoration (`decorations[1]`)
        /// with its start.
        var keyframes: [Track]
    }

    struct Track: Encodable {
        var name: String
        var times: [Double]
    }

    /// One of the spec's params and the value it has now.
    struct Parameter: Encodable {
        var name: String
        var kind: String
        var value: String
    }

    /// A row of the preview's data file, for the page to pick.
    struct Row: Encodable {
        var number: Int
        var values: [String: String]
    }

    var version: Int
    var spec: String
    /// The version of the scene the frames are rendered from (the last that loaded).
    var sceneVersion: Int?
    var width: Int?
    var height: Int?
    var fps: Double?
    var frameCount: Int?
    var duration: Double?
    var layers: [Layer]?
    /// Whether the scene has sound (`/audio.m4a`).
    var audio: Bool?
    var error: String?
    /// The spec's params with the values the frames are drawn with, and the values asked for
    /// (which differ from them when they do not load).
    var parameters: [Parameter]?
    var values: [String: String]
    /// The rows of `preview --rows` (at most `maxRows`).
    var rows: [Row]?
    static let maxRows = 1000

    init(_ state: PreviewDocument.State, spec: String, rows data: PreviewRows? = nil) {
        version = state.version
        self.spec = spec
        error = state.error
        values = state.values
        rows = data.map { $0.rows.prefix(Self.maxRows).map { Row(number: $0.number, values: $0.values) } }
        guard let loaded = state.loaded else { return }
        let scene = loaded.scene
        parameters = scene.parameters.map { Parameter(name: $0.name, kind: $0.kind, value: $0.value) }
        sceneVersion = loaded.generation
        width = scene.canvas.width
        height = scene.canvas.height
        fps = scene.fps
        frameCount = scene.frameCount
        duration = scene.duration
        audio = !scene.audio.isEmpty
        layers = scene.drawnLayers.map { drawn in
            let layer = drawn.layer
            // A grouped layer's times count from its groups' start: the timeline shows the scene's.
            let offset = drawn.timeOffset
            func propertyTracks(_ layer: KinetypeScene.Layer, _ prefix: String, from start: Double) -> [Track] {
                KinetypeScene.Layer.properties.compactMap { property -> Track? in
                    let times = property.value(of: layer)?.keyframeTimes ?? []
                    return times.isEmpty ? nil : Track(name: prefix + property.path, times: times.map { $0 + start })
                }
            }
            let properties = propertyTracks(layer, "", from: offset)
            let text = layer.textContent
            let animators = (text?.animators ?? []).enumerated().map {
                Track(name: "animators[\($0.offset)]", times: [$0.element.start + offset])
            }
            let decorations = (text?.decorations ?? []).enumerated().compactMap { index, decoration in
                decoration.draw.map { Track(name: "decorations[\(index)]", times: [$0.start + offset]) }
            }
            // The described features' animated fields: `size` of a shape, `mask.size`, `stroke.width`…
            func tracks<Feature: DescribedFeature>(_ feature: Feature?, _ prefix: String, from start: Double = offset) -> [Track] {
                (feature?.keyframeTimes ?? []).map { Track(name: prefix + $0.key, times: $0.times.map { $0 + start }) }
            }
            var groupStart = 0.0
            var groupID = ""
            let groups = drawn.groups.flatMap { group -> [Track] in
                if case let .group(content) = group.content { groupStart += content.start }
                groupID += (groupID.isEmpty ? "" : "/") + group.id
                return propertyTracks(group, "\(groupID).", from: groupStart)
                    + tracks(group.transform, "\(groupID).transform.", from: groupStart)
                    + tracks(group.mask, "\(groupID).mask.", from: groupStart)
            }
            // The layers it follows move it too: their place and transform, in its own time.
            let parents = drawn.parents.flatMap { parent in
                propertyTracks(parent, "\(parent.id).", from: offset) + tracks(parent.transform, "\(parent.id).transform.")
            }
            var shape: LayerShape?, image: LayerImage?, video: LayerVideo?, trim: ShapeTrim?
            switch layer.content {
            case .text, .group: break
            case let .shape(own): (shape, trim) = (own, own.trim)
            case let .image(own): image = own
            case let .video(own): video = own
            case let .path(own): trim = own.trim
            }
            let features =
                tracks(shape, "") + tracks(layer.mask, "mask.") + tracks(layer.stroke, "stroke.")
                + tracks(text?.background, "background.") + tracks(image, "") + tracks(video, "") + tracks(layer.transform, "transform.")
                + tracks(trim, "trim.") + tracks(layer.glow, "glow.") + tracks(layer.colorAdjust, "colorAdjust.")
                + tracks(layer.dropShadow, "dropShadow.")
                + (layer.fill?.keyframeTimes ?? []).map { Track(name: "fill." + $0.key, times: $0.times.map { $0 + offset }) }
                + layer.shadows.enumerated().flatMap { tracks($0.element, "shadows[\($0.offset)].") }
            return Layer(
                id: drawn.id, inPoint: layer.inPoint.map { $0 + offset }, outPoint: layer.outPoint.map { $0 + offset },
                keyframes: properties + features + animators + decorations + groups + parents)
        }
    }

    func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
