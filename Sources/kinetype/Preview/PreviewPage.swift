/// placeholder
enum PreviewPage {
    static let html = "<html></html>"
}
