/// The namespace URIs a model is matched by (never by prefix).
enum BPMNNamespace {
    static let model = "http://www.omg.org/spec/BPMN/20100524/MODEL"
    static let zeebe = "http://camunda.org/schema/zeebe/1.0"
    /// Camunda Modeler's own attributes (`modeler:executionPlatform`).
    static let modeler = "http://camunda.org/schema/modeler/1.0"
    /// Camunda 7, and the Activiti URI older Camunda 7 files bind `camunda:` to.
    static let camunda = ["http://camunda.org/schema/1.0/bpmn", "http://activiti.org/bpmn"]
    static let flowable = "http://flowable.org/bpmn"
    static let xsi = "http://www.w3.org/2001/XMLSchema-instance"
    /// Camunda 7 and Flowable extensions share their names (`formKey`, `formProperty`).
    static let engine = camunda + [flowable]
}
