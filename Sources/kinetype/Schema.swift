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
            """
    )

    func run() throws {
        Output.toStandardOutput(SpecSchema.json())
    }
}
