/// The rows of a data file whose values the page offers for a template's params (the command
/// reads the file; the page lists at most `SceneSummary.maxRows`).
package struct PreviewRows: Sendable {
    package struct Row: Sendable {
        /// 1 for the first row, as batch and check count them.
        package var number: Int
        package var values: [String: String]
        package init(number: Int, values: [String: String]) {
            self.number = number
            self.values = values
        }
    }

    /// The data file, as its errors name it.
    package var path: String
    package var rows: [Row]
    package init(path: String, rows: [Row]) {
        self.path = path
        self.rows = rows
    }
}
