import ArgumentParser

@main
struct KinetypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetype",
        abstract: "Render text animations from a YAML or JSON spec to PNG frames or a video.",
        discussion: """
            Text is shaped (HarfBuzz) and rasterized (FreeType) anew at every frame at its exact \
            fractional size and position, so size animations stay crisp and move without jitter.
            The spec format is documented in the README (Spec reference). `render --video out.mp4` \
            encodes with ffmpeg directly; `render --shard K/N` splits a render across machines and \
            `encode` turns the finished folder into a video.
            """,
        version: "0.1.0",
        subcommands: [
            Render.self, Caption.self, Batch.self, Preview.self, Inspect.self, Validate.self, Check.self, Sheet.self, Plot.self,
            Schema.self,
            Verify.self, Encode.self
        ]
    )
}
