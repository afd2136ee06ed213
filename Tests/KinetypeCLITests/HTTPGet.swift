import Foundation
import KinetypeSceneTestSupport
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP response, read whole.
struct HTTPResult {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw TestEnvironmentError("not a JSON object: \(text.prefix(200))")
        }
        return object
    }

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// GET `path` (with its query) from `base`, with `headers`, waiting for the answer.
func httpGet(_ base: URL, _ path: String, headers: [String: String] = [:], timeout: Double = 30) throws -> HTTPResult {
    guard let url = URL(string: path, relativeTo: base) else { throw TestEnvironmentError("bad URL \(path)") }
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: Result<HTTPResult, Error> = .failure(TestEnvironmentError("no answer from \(url)"))
    let task = URLSession.shared.dataTask(with: request) { data, response, error in
        if let error {
            outcome = .failure(error)
        } else if let response = response as? HTTPURLResponse {
            let headers = Dictionary(
                response.allHeaderFields.map { ("\($0.key)", "\($0.value)") }, uniquingKeysWith: { first, _ in first })
            outcome = .success(HTTPResult(status: response.statusCode, headers: headers, body: data ?? Data()))
        }
        done.signal()
    }
    task.resume()
    guard done.wait(timeout: .now() + timeout + 5) == .success else { throw TestEnvironmentError("GET \(url) timed out") }
    return try outcome.get()
}
