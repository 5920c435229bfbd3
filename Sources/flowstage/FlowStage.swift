import ArgumentParser

@main
struct FlowStage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowstage",
        abstract: "Preview process-driven UI: run processes on the server and render each screen as accessible HTML.",
        subcommands: [Serve.self, New.self, Validate.self, TestScenarios.self, Render.self, AuditCommand.self],
        defaultSubcommand: Serve.self)
}
