import Foundation
import XCTest
import Kinetype
import KinetypeScene
import KinetypeCaptions
import KinetypeRender
import KinetypeOutput
import KinetypeSpec
import KinetypeRaster
import KinetypeText
@_exported import KinetypeTestSupport

/// Scenes and helpers the spec, render and command-line tests share. Tests use only the fonts in
/// `fonts/`.

/// Every described feature (``DescribedFeature``), for the tests that check each one's fields.
package let describedFeatures: [any DescribedFeature.Type] = [
    TextStroke.self, TextShadow.self, TextBackground.self, LayerMask.self, MotionBlur.self, LayerShape.self, LayerMatte.self,
    LayerImage.self, LayerVideo.self, AudioClip.self, LayerTransform.self, ShapeTrim.self, LayerPath.self, TextPath.self, LayerGroup.self,
    Decoration.self,
    DrawAnimation.self,
    LinearGradient.self, LinearGradient.Stop.self, RadialGradient.self, AngularGradient.self, TextAnimator.self, AnimatedValues.self,
    ParagraphStyle.self, FitSpec.self, FontSpec.self,
    SpokenWords.Highlight.self, SpokenWords.Highlight.Box.self, CaptionsFields.self, CaptionGrouping.self, TextRow.Layout.self,
    ParagraphStyle.HyphenationLimits.self, LayerGlow.self, ColorAdjust.self
]

/// A loader that sees only the bundled fonts, so results never depend on the machine.
package let bundledOnlyLoader = SpecLoader(catalog: FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false))

package func loadYAML(_ yaml: String, file: String = "test.yaml") throws -> Scene {
    try bundledOnlyLoader.load(text: yaml, format: .yaml, path: TestPaths.root.appendingPathComponent(file).path)
}

/// The error a spec produces, or a test failure when it loads.
package func specError(_ text: String, format: SpecLoader.SpecFormat = .yaml, file: StaticString = #filePath, line: UInt = #line)
    -> SpecError?
{
    do {
        _ = try bundledOnlyLoader.load(text: text, format: format, path: "spec.\(format == .json ? "json" : "yaml")")
        XCTFail("expected the spec to be rejected", file: file, line: line)
        return nil
    } catch let error as SpecError {
        return error
    } catch {
        XCTFail("expected a SpecError, got \(error)", file: file, line: line)
        return nil
    }
}

/// A one-layer spec; `layer` is the YAML of the layer's fields after `- `.
package func singleLayerSpec(
    width: Int = 400, height: Int = 200, fps: Double = 30, duration: Double = 1,
    background: String = "\"#FFFFFF\"", layer: String
) -> String {
    """
    canvas: {width: \(width), height: \(height), background: \(background)}
    fps: \(fps)
    duration: \(duration)
    layers:
      - \(layer.split(separator: "\n").joined(separator: "\n    "))
    """
}

/// Ink statistics of a frame: coverage is darkness (1 - luminance) on a white canvas.
package struct InkStatistics {
    package var total = 0.0
    package var centroidX = 0.0
    package var spreadX = 0.0

    package init(_ canvas: Canvas) {
        var sum = 0.0, sumX = 0.0, sumXX = 0.0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let ink = 1 - Double(canvas.pixels[(y * canvas.width + x) * 4])
                guard ink > 0 else { continue }
                let cx = Double(x) + 0.5
                sum += ink; sumX += ink * cx; sumXX += ink * cx * cx
            }
        }
        total = sum
        centroidX = sumX / sum
        spreadX = (sumXX / sum - centroidX * centroidX).squareRoot()
    }
}

/// RMS of the residuals of a least-squares straight line through (x, y).
package func straightLineResidualRMS(_ xs: [Double], _ ys: [Double]) -> Double {
    let n = Double(xs.count)
    let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
    let sxx = zip(xs, xs).map { ($0 - mx) * ($1 - mx) }.reduce(0, +)
    let sxy = zip(xs, ys).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
    let slope = sxy / sxx, intercept = my - slope * mx
    let squares = zip(xs, ys).map { pow($1 - (slope * $0 + intercept), 2) }
    return (squares.reduce(0, +) / n).squareRoot()
}
