import ArgumentParser
import KinetypeSpec

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of spec version 1, for editors.",
        discussion: """
            Built from the decoder's own field lists, ranges, enums and easing tables, so it describes \
            exactly what `validate` accepts in shape (fonts, overlaps and limits that need the files \
            are checked by `validate` only). The same schema is committed as \
            docs/kinetype-spec.schema.json; see the README for the YAML modeline and VS Code setting.

            --reference prints the same fields as a Markdown reference instead (every field with \
            its value, range, default and doc), committed as docs/spec-reference.md.
            """
    )

    @Flag(help: "Print the spec reference in Markdown (docs/spec-reference.md) instead of the JSON Schema.")
    var reference = false

    func run() throws {
        Output.toStandardOutput(reference ? SpecReference.markdown() : SpecSchema.json())
    }
}
