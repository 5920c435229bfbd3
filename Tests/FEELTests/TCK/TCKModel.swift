import FEEL
import Foundation
@testable import Definitions

/// The part of a DMN model a TCK run of literal expressions needs: decisions with their
/// requirements, input data, business knowledge models whose body is a literal expression,
/// and item definitions (for the `typeRef` a result is coerced to).
struct TCKModel {
    struct Decision {
        let id: String
        let name: String
        let typeRef: String?
        /// `literalExpression`, `decisionTable`, `context`…: the element that holds its logic.
        let logicKind: String
        let text: String?
        let requiredDecisions: [String]
        let requiredInputs: [String]
        let requiredKnowledge: [String]
    }

    struct Knowledge {
        let id: String
        let name: String
        let parameters: [(name: String, typeRef: String?)]
        let bodyKind: String
        let body: String?
        let requiredKnowledge: [String]
    }

    indirect enum ItemDefinition {
        case reference(String, collection: Bool)
        case components([(String, ItemDefinition)], collection: Bool)
        case function(collection: Bool)
    }

    var decisions: [String: Decision] = [:]
    var decisionsByName: [String: Decision] = [:]
    var inputs: [String: (name: String, typeRef: String?)] = [:]
    var inputsByName: [String: String?] = [:]
    var knowledge: [String: Knowledge] = [:]
    var itemDefinitions: [String: ItemDefinition] = [:]

    init(file: URL) throws {
        let root = try XMLTreeReader.read(Array(try Data(contentsOf: file))).get()
        let ns = root.namespace
        func text(_ node: XMLNode?) -> String? { node?.child("text", in: ns)?.text }
        func references(_ node: XMLNode, _ requirement: String, _ target: String) -> [String] {
            node.children(requirement, in: ns).compactMap { $0.child(target, in: ns)?.attribute("href") }
                .map { String($0.split(separator: "#").last ?? "") }
        }
        for child in root.children where child.namespace == ns {
            switch child.name {
            case "decision":
                let logic = child.children.first { node in
                    node.namespace == ns && !["description", "question", "allowedAnswers", "variable", "informationRequirement",
                                              "knowledgeRequirement", "authorityRequirement", "extensionElements"].contains(node.name)
                }
                let decision = Decision(
                    id: child.attribute("id") ?? "", name: child.attribute("name") ?? "",
                    typeRef: child.child("variable", in: ns)?.attribute("typeRef"),
                    logicKind: logic?.name ?? "none", text: logic?.name == "literalExpression" ? text(logic) : nil,
                    requiredDecisions: references(child, "informationRequirement", "requiredDecision"),
                    requiredInputs: references(child, "informationRequirement", "requiredInput"),
                    requiredKnowledge: references(child, "knowledgeRequirement", "requiredKnowledge"))
                decisions[decision.id] = decision
                decisionsByName[decision.name] = decision
            case "inputData":
                let typeRef = child.child("variable", in: ns)?.attribute("typeRef")
                inputs[child.attribute("id") ?? ""] = (child.attribute("name") ?? "", typeRef)
                inputsByName[child.attribute("name") ?? ""] = typeRef
            case "businessKnowledgeModel":
                let function = child.child("encapsulatedLogic", in: ns)
                let body = function?.children.first { $0.namespace == ns && $0.name != "formalParameter" }
                knowledge[child.attribute("id") ?? ""] = Knowledge(
                    id: child.attribute("id") ?? "", name: child.attribute("name") ?? "",
                    parameters: function?.children("formalParameter", in: ns).map { ($0.attribute("name") ?? "", $0.attribute("typeRef")) } ?? [],
                    bodyKind: body?.name ?? "none", body: body?.name == "literalExpression" ? text(body) : nil,
                    requiredKnowledge: references(child, "knowledgeRequirement", "requiredKnowledge"))
            case "itemDefinition":
                itemDefinitions[child.attribute("name") ?? ""] = TCKModel.itemDefinition(child, ns)
            default:
                break
            }
        }
    }

    private static func itemDefinition(_ node: XMLNode, _ ns: String) -> ItemDefinition {
        let collection = node.attribute("isCollection") == "true"
        let components = node.children("itemComponent", in: ns)
        if !components.isEmpty {
            return .components(components.map { ($0.attribute("name") ?? "", itemDefinition($0, ns)) }, collection: collection)
        }
        if node.child("functionItem", in: ns) != nil { return .function(collection: collection) }
        let typeRef = node.child("typeRef", in: ns)?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "Any"
        return .reference(typeRef, collection: collection)
    }
}
