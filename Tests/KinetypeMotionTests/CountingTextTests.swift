import XCTest
@testable import KinetypeMotion

final class CountingTextTests: XCTestCase {
    private let counting = CountingText()
    private func count(_ a: String, _ b: String, _ p: Double) -> String {
        counting.text(from: a, to: b, progress: p)
    }

    func testApples() {
        XCTAssertEqual(count("100 apples", "400 apples", 0.5), "250 apples")
        XCTAssertEqual(count("100 apples", "400 apples", 1.1), "430 apples")  // spring overshoot
        XCTAssertEqual(count("100 apples", "400 apples", -0.1), "70 apples")
        XCTAssertEqual(count("100 apples", "400 apples", 0.001), "100 apples")
        XCTAssertEqual(count("100 apples", "400 apples", 0.9999), "400 apples")
        XCTAssertEqual(count("Score: 0 pts", "Score: 9 pts", 0.5), "Score: 5 pts")  // 4.5 rounds away from zero
    }

    func testExactAtEnds() {
        // Separators are used when either text has them, so formatting 1000 would give "1,000"; the ends stay exact.
        XCTAssertEqual(count("1000 m", "2,500 m", 0), "1000 m")
        XCTAssertEqual(count("1000 m", "2,500 m", 1), "2,500 m")
        XCTAssertEqual(count("1000 m", "2,500 m", 0.5), "1,750 m")
    }

    func testCurrencyAndSeparators() {
        XCTAssertEqual(count("$1,000.00", "$2,500.00", 0.5), "$1,750.00")
        XCTAssertEqual(count("1,000", "2,500", 0.5), "1,750")
        XCTAssertEqual(count("€999", "€1,000,000", 0.5), "€500,500")  // the target has separators
        XCTAssertEqual(count("1,000,000 views", "3,000,000 views", 0.25), "1,500,000 views")
        XCTAssertEqual(count("Total: £5", "Total: £15", 0.5), "Total: £10")
    }

    func testSigns() {
        XCTAssertEqual(count("-10 °C", "20 °C", 0.5), "5 °C")
        XCTAssertEqual(count("-10 °C", "20 °C", 0.1), "-7 °C")
        XCTAssertEqual(count("10 °C", "-20 °C", 0.5), "-5 °C")
        XCTAssertEqual(count("-10 °C", "10 °C", 0.49), "0 °C")  // no "-0"
        XCTAssertEqual(count("-$5", "$5", 0.2), "-$3")  // sign before currency
        XCTAssertEqual(count("+1 dB", "+9 dB", 0.5), "+5 dB")  // explicit plus kept
        XCTAssertEqual(count("−8 °F", "8 °F", 0.25), "−4 °F")  // U+2212 kept as written
        XCTAssertEqual(count("A-4", "A-8", 0.5), "A-6")  // a hyphen after a letter is no sign
    }

    func testDecimalsFollowTheTarget() {
        // 3.5 + 3.75·0.5 = 5.375 → two decimals (the target's), ties away from zero.
        XCTAssertEqual(count("3.5 km", "7.25 km", 0.5), "5.38 km")
        XCTAssertEqual(count("3.5 km", "7.25 km", 0.2), "4.25 km")
        XCTAssertEqual(count("7.25 km", "3.5 km", 0.5), "5.4 km")
        XCTAssertEqual(count("0.5", "2", 0.5), "1")  // 1.25 → integer target
        XCTAssertEqual(count("1", "2.50", 0.5), "1.75")
    }

    func testFormsDifferFallBackToDiscrete() {
        XCTAssertEqual(count("100 apples", "400 pears", 0.5), "100 apples")
        XCTAssertEqual(count("100 apples", "400 pears", 0.99), "100 apples")
        XCTAssertEqual(count("100 apples", "400 pears", 1), "400 pears")
        XCTAssertEqual(count("100 apples", "400 pears", 1.05), "400 pears")
        XCTAssertEqual(count("$100", "€400", 0.5), "$100")  // currency differs
        XCTAssertEqual(count("Price 5", "Cost 9", 0.5), "Price 5")  // prefix differs
        XCTAssertEqual(count("no number", "42", 0.5), "no number")
        XCTAssertEqual(count("100 apples", "400 apples", .nan), "100 apples")
    }

    func testOnlyTheFirstNumberCounts() {
        XCTAssertEqual(count("1 of 10", "5 of 10", 0.5), "3 of 10")
        XCTAssertEqual(count("1 of 10", "5 of 20", 0.5), "1 of 10")  // trailers differ
    }

    func testParsing() {
        let n = NumberInText("Balance: -$1,234.50 left")
        XCTAssertEqual(n?.prefix, "Balance: ")
        XCTAssertEqual(n?.trailer, " left")
        XCTAssertEqual(n?.value, -1234.5)
        XCTAssertEqual(n?.currency, "$")
        XCTAssertEqual(n?.decimals, 2)
        XCTAssertEqual(n?.usesSeparators, true)
        // "1,5" is a number then a trailer: a comma needs exactly three digits after it.
        XCTAssertEqual(NumberInText("1,5 kg")?.value, 1)
        XCTAssertEqual(NumberInText("1,5 kg")?.trailer, ",5 kg")
        XCTAssertEqual(NumberInText("1,2345")?.value, 1)
        XCTAssertEqual(NumberInText("1234,567")?.value, 1234)
        XCTAssertEqual(NumberInText("v2.")?.trailer, ".")
        XCTAssertNil(NumberInText("$ and -"))
    }
}

/// Numbers a Double cannot count exactly do not count at all (found by an adversarial try).
final class CountingLimitsTests: XCTestCase {
    func testNumbersTooLongToCountExactlyChangeAtOnce() {
        let counting = CountingText()
        XCTAssertNil(counting.context(from: "100 apples", to: "99999999999999999 apples"))
        XCTAssertNil(counting.context(from: "0.000000000000001 m", to: "10.000000000000001 m"))
        XCTAssertEqual(counting.text(from: "100 apples", to: "99999999999999999 apples", progress: 0.5), "100 apples")
        XCTAssertNotNil(counting.context(from: "100 apples", to: "999999999999 apples"))
    }
}
