/// FlowStage's version: the one place it is written. `flowstage --version` prints it; a host
/// or a test that links the libraries reads it here.
public enum FlowStageVersion {
    public static let current = "0.9.0"
}
