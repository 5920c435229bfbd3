import Template

/// Every name FlowStage's own view models answer: the template vocabulary of `Templates/`.
///
/// Templates are compiled against it, so each `{{name}}` carries its case number and a view
/// model's lookup is an integer `switch` (see `TemplateKey`). A project's template override may
/// use any of these names; a name outside the list finds only text-keyed data (a custom
/// component's values).
enum ViewKey: Int, CaseIterable {
    case accept, actionError, actionURL, alt, appearance, appearances, autocomplete, backURL
    case canGoBack, caption, cells, changeURL, checked, children, closeURL, columnCount, columns
    case components, content, count, counter, counterID, csrf, current, currentTitle, data, dataLabel
    case describedBy, device, devices, direction, disabled, done, emptyLabel, emptyText
    case endSessionURL, entries, error, errorID, errors, events, fieldID, fieldset, files, flows
    case formAction, formMethod, formNoValidate, format, forms, galleryURL, generation, group
    case hasErrors, hasFiles, hasFlows, hasInstances, hasItems, hasProblems, hasScenarios, header, heading
    case height, hint, hintID, history, homeURL, html, id, identifier, incident, inputMode
    case inputType, inspectLabel, inspectURL, instanceURL, instances, invalid, itemLabel, items
    case kind, kindLabel, label, lang, language, languages, latestLabel, latestURL, lead, map, mapURL, maps, max
    case maxLength, maxText, message, min, minText, multipart, multiple, name, navigation, newTab
    case next, notice, options, outcome, outputID, pages, params, placeholder, prefix, prefixID
    case problems, processes, projectErrors, projectName, projectWarnings, radioID, radioValue, readOnly, remaining
    case removeLabel, removeURL, required, resetURL, restartURL, rows, rtl, scenarios, screenID, screenURL, scriptURL
    case sectionHeading, sectionID, selectable, selected, settings, shareURL, sharing, showValue, size, spellcheckOff
    case startLabel, startURL, started, startedText, status, step, stepCount, stepper, steps, stopLabel, stopURL
    case stylesheetURL, substepCount, substepTitle, subtitle, suffix, suffixID, tableRows, tabs
    case text, themeURL, themes, title, ui, uploadHint, uploadHintID, uploadLabel, url, value
    case valueText, variant, versions, walks, warnings, width, wrong
    case action, branches, dropped, fields, number, restartLabel, screen, time
    // The inspector's decisions and stand-ins.
    case decisions, inputs, rules, answers
    // The inspector's screen-reader outline (partials/screen-reader-outline.mustache).
    case outline, role, states, landmarks
    // The FEEL playground (feel.mustache).
    case context, contextError, errorField, excerpt, expression, expressionError, feelURL, instanceLabel, marker, result, type
    case testCaseURL
    // The decision page (decision.mustache) and the catalogue's decisions.
    case annotations, choices, code, computed, hasDecisions, inputEntries, literal, matchedRules, other, outputEntries, table, textInput

    static let vocabulary = TemplateVocabulary(allCases.map { "\($0)" })

    /// The names that print an element's id (or point at one).
    var isID: Bool {
        switch self {
        case .id, .hintID, .errorID, .counterID, .prefixID, .suffixID, .uploadHintID, .outputID, .radioID, .fieldID, .sectionID: true
        default: false
        }
    }

    /// The case a compiled key was bound to, if any.
    @inline(__always)
    init?(_ key: TemplateKey) {
        self.init(rawValue: key.slot)
    }
}
