import ArgumentParser
import Definitions

@main
struct FlowStage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowstage",
        abstract: "Preview process-driven UI: run processes on the server and render each screen as accessible HTML.",
        discussion: """
            Without a subcommand, `flowstage` runs `serve`.

            Reference: docs/reference/README.md in the FlowStage repository
            (the command line: docs/reference/cli.md); where the package is installed,
            /usr/share/doc/flowstage/reference/ and `man flowstage`.
            """,
        version: FlowStageVersion.current,
        subcommands: [Serve.self, New.self, Validate.self, TestScenarios.self, Render.self, AuditCommand.self, FEELCommand.self, DecideCommand.self],
        defaultSubcommand: Serve.self)
}
