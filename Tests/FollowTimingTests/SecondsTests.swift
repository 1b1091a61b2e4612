import Foundation
import Testing
import FollowTiming

@Suite("Times are written as the exact millisecond")
struct SecondsTests {
    /// The text `JSONEncoder` writes for the exact decimal quotient `milliseconds / 1000`.
    private func exact(_ milliseconds: Int) throws -> Data {
        try JSONEncoder().encode([Decimal(milliseconds) / Decimal(1000)])
    }

    @Test("times to the millisecond through the first seconds, spread over an hour, and random ones up to twelve days, print as the exact decimal of their milliseconds")
    func printsExactDecimals() throws {
        var generator = SystemRandomNumberGenerator()
        let sampled = (0..<10_000).map { _ in Int.random(in: -1_000_000...1_000_000_000, using: &generator) }
        var differing: [Int] = []
        for milliseconds in Array(stride(from: 0, through: 3_600_000, by: 97)) + Array(0..<5_000) + sampled {
            let written = try JSONEncoder().encode([Seconds(Double(milliseconds) / 1000)])
            if try written != exact(milliseconds) { differing.append(milliseconds) }
        }
        #expect(differing.isEmpty, "written differently from the exact decimal: \(differing.prefix(5))")
    }

    @Test("a time between milliseconds is written as the nearest one")
    func rounds() throws {
        let times = [Seconds(samples: 22_061, sampleRate: 22_050), Seconds(samples: 22_062, sampleRate: 22_050),
                     Seconds(2.4994), Seconds(-0.0026)]
        #expect(String(decoding: try JSONEncoder().encode(times), as: UTF8.self) == "[1,1.001,2.499,-0.003]")
    }
}
