/// A WCAG 2.2 success criterion, as a reviewer signs it off: number, name and level.
public struct WCAGCriterion: Sendable, Hashable, Codable {
    public let number: String
    public let name: String
    /// `A`, `AA` or `AAA`.
    public let level: String

    public init(_ number: String, _ name: String, _ level: String) {
        self.number = number; self.name = name; self.level = level
    }

    /// `1.1.1 Non-text Content (A)`.
    public var description: String { "\(number) \(name) (\(level))" }

    static let nonTextContent = WCAGCriterion("1.1.1", "Non-text Content", "A")
    static let infoAndRelationships = WCAGCriterion("1.3.1", "Info and Relationships", "A")
    static let contrastMinimum = WCAGCriterion("1.4.3", "Contrast (Minimum)", "AA")
    static let nonTextContrast = WCAGCriterion("1.4.11", "Non-text Contrast", "AA")
    static let bypassBlocks = WCAGCriterion("2.4.1", "Bypass Blocks", "A")
    static let pageTitled = WCAGCriterion("2.4.2", "Page Titled", "A")
    static let linkPurpose = WCAGCriterion("2.4.4", "Link Purpose (In Context)", "A")
    static let headingsAndLabels = WCAGCriterion("2.4.6", "Headings and Labels", "AA")
    static let languageOfPage = WCAGCriterion("3.1.1", "Language of Page", "A")
    static let languageOfParts = WCAGCriterion("3.1.2", "Language of Parts", "AA")
    static let labelsOrInstructions = WCAGCriterion("3.3.2", "Labels or Instructions", "A")
    static let nameRoleValue = WCAGCriterion("4.1.2", "Name, Role, Value", "A")
}

extension AuditRule {
    /// The criteria as one line of the text report: `1.3.1 Info and Relationships (A); 2.4.6 Headings and Labels (AA)`.
    public var criteriaText: String { criteria.map(\.description).joined(separator: "; ") }

    /// The WCAG 2.2 success criteria a violation of this rule fails, the main one first.
    /// Duplicate ids were 4.1.1 Parsing, which WCAG 2.2 removed: they fail here because a
    /// label, description or reference then points at the wrong element.
    public var criteria: [WCAGCriterion] {
        switch self {
        case .controlLabel: [.nameRoleValue, .infoAndRelationships, .labelsOrInstructions]
        case .uniqueID: [.nameRoleValue, .infoAndRelationships]
        case .reference: [.infoAndRelationships, .bypassBlocks]
        case .headingOrder: [.infoAndRelationships, .headingsAndLabels]
        case .oneH1: [.infoAndRelationships, .headingsAndLabels]
        case .htmlLang: [.languageOfPage]
        case .pageTitle: [.pageTitled]
        case .imageAlt: [.nonTextContent]
        case .groupFieldset: [.infoAndRelationships]
        case .linkName: [.linkPurpose, .nameRoleValue]
        case .buttonName: [.nameRoleValue]
        case .colourContrast: [.contrastMinimum, .nonTextContrast]
        // The page shows a tag's key where a label, heading or instruction should be.
        case .missingTag: [.labelsOrInstructions, .headingsAndLabels]
        // The placeholder stands where a control or content should be: nothing to name or operate.
        case .unsupportedComponent: [.nameRoleValue, .nonTextContent]
        case .languageOfParts: [.languageOfParts]
        }
    }
}
