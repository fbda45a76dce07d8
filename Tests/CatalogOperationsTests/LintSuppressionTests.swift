import CatalogModel
import CatalogOperations
import CatalogUsage
import Foundation
import Testing

/// Suppression comments as `catalog lint` reads them: the line before or the line itself,
/// the whole file, comma-separated rules; a reason required.
@Suite struct LintSuppressionTests {
    func finding(_ line: Int, _ rule: String = "catalog-unknown-style") -> Linter.Finding {
        Linter.Finding(
            site: UsageSite(file: "A.swift", line: line, column: 5, component: "Button"), severity: .warning,
            message: "m", rule: rule)
    }

    func lint(_ source: String, _ findings: [Linter.Finding]) -> (kept: [String], suppressed: Int) {
        let (kept, suppressed) = LintAdoption.applySuppressions(to: findings) { $0 == "A.swift" ? source : nil }
        return (kept.map { "\($0.site.line) \($0.rule)" }, suppressed)
    }

    @Test func theLineBeforeOrTheLineItself() {
        let source = """
            // catalog-lint: ignore catalog-unknown-style -- legacy
            a()
            b()  // catalog-lint: ignore catalog-unknown-style,catalog-deprecated -- both
            c()
            """
        let result = lint(
            source, [finding(2), finding(3), finding(3, "catalog-deprecated"), finding(4), finding(2, "x")])
        #expect(result.kept == ["4 catalog-unknown-style", "2 x"])
        #expect(result.suppressed == 3)
    }

    @Test func theWholeFile() {
        let source = "a()\n// catalog-lint: ignore-file catalog-deprecated -- migrated in APP-123\nb()\n"
        let result = lint(source, [finding(1, "catalog-deprecated"), finding(3, "catalog-deprecated"), finding(3)])
        #expect(result.kept == ["3 catalog-unknown-style"])
        #expect(result.suppressed == 2)
    }

    @Test func withoutAReasonOrARuleNothingIsSuppressedAndItSaysSo() {
        let source = """
            a()  // catalog-lint: ignore catalog-unknown-style
            b()  // catalog-lint: ignore -- no rule
            c()  // catalog-lint: skip catalog-unknown-style -- typo
            """
        let result = lint(source, [finding(1), finding(2), finding(3)])
        #expect(result.suppressed == 0)
        #expect(
            result.kept == [
                "1 catalog-unknown-style", "2 catalog-unknown-style", "3 catalog-unknown-style",
                "1 catalog-suppression",
                "2 catalog-suppression", "3 catalog-suppression",
            ])
    }

    @Test func aFileThatCannotBeReadKeepsItsFindings() {
        let findings = [finding(1)]
        #expect(LintAdoption.applySuppressions(to: findings) { _ in nil }.findings == findings)
    }

    @Test func aBaselineAcceptsEachFindingOnce() throws {
        let first = (finding(1), LintAdoption.fingerprint(finding(1), lineText: "  a()"))
        #expect(first.1 == LintAdoption.fingerprint(finding(9), lineText: "a()  "), "the line number does not count")
        let baseline = LintBaseline([first])
        let read = try LintBaseline(data: Data(baseline.serialized().utf8), file: "b.json")
        #expect(read == baseline)
        let (new, accepted) = read.split([first, first])
        #expect(accepted == 1 && new.count == 1)
    }
}
