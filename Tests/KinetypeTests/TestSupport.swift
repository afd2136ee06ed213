import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeRaster
import KinetypeText
@_exported import KinetypeTestSupport

/// Paths and helpers shared by the tests. Tests use only the fonts in `fonts/`.
/// Every described feature (``DescribedFeature``), for the tests that check each one's fields.
let describedFeatures: [any DescribedFeature.Type] = [
    TextStroke.self, TextShadow.self, TextBackground.self, LayerMask.self, MotionBlur.self, LayerShape.self, LayerMatte.self,
    LayerImage.self, LayerTransform.self, ShapeTrim.self, LayerPath.self, LayerGroup.self, Decoration.self, DrawAnimation.self,
    LinearGradient.self, LinearGradient.Stop.self, TextAnimator.self, AnimatedValues.self
]

/// A loader that sees only the bundled fonts, so results never depend on the machine.
let bundledOnlyLoader = SpecLoader(catalog: FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false))

func loadYAML(_ yaml: String, file: String = "test.yaml") throws -> Scene {
    try bundledOnlyLoader.load(text: yaml, format: .yaml, path: TestPaths.root.appendingPathComponent(file).path)
}

/// The error a spec produces, or a test failure when it loads.
func specError(_ text: String, format: SpecLoader.SpecFormat = .yaml, file: StaticString = #filePath, line: UInt = #line) -> SpecError? {
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
func singleLayerSpec(
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
struct InkStatistics {
    var total = 0.0
    var centroidX = 0.0
    var spreadX = 0.0

    init(_ canvas: Canvas) {
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
func straightLineResidualRMS(_ xs: [Double], _ ys: [Double]) -> Double {
    let n = Double(xs.count)
    let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
    let sxx = zip(xs, xs).map { ($0 - mx) * ($1 - mx) }.reduce(0, +)
    let sxy = zip(xs, ys).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
    let slope = sxy / sxx, intercept = my - slope * mx
    let squares = zip(xs, ys).map { pow($1 - (slope * $0 + intercept), 2) }
    return (squares.reduce(0, +) / n).squareRoot()
}

/// What the kinetype command printed and returned.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built kinetype command as a user would, with the bundled fonts; `environment`
/// overrides variables (`CI`, `PATH`).
func runKinetype(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = CommandLineTests.binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment
        .merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}

/// A program's standard output, found on PATH; it must exit 0.
func programOutput(_ name: String, _ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [name] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw TestEnvironmentError("\(name) \(arguments) exited \(process.terminationStatus)") }
    return [UInt8](data)
}
