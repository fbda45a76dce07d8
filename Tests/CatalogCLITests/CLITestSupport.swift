import CatalogCLI
import Foundation

/// The outcome of one in-process `catalog` run.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `catalog` in process with captured output.
func runCatalog(_ arguments: [String], environment: [String: String] = [:]) -> CLIRun {
    let output = Console.Buffer()
    let errors = Console.Buffer()
    let console = Console(output: output, errors: errors)
    let status = CatalogCLI.run(arguments, environment: environment, console: console)
    return CLIRun(status: status, stdout: output.text, stderr: errors.text)
}
