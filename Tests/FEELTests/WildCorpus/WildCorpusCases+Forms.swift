/// The form-js forms of the corpus (camunda8/ and camunda7/ `.form` files, formjs/ specs):
/// `=` properties and `{{…}}` templates, with the data a form would be shown with.
extension WildCorpusCases {
    static let forms: [WildCase] = camundaForms + formjsSpecs

    // Variables that several rows below run with.
    static let underwriting = #"{loanApplication: {customerId: "C-1042", firstName: "Ana", lastName: "Silva", emailAddress: "ana.silva@example.com", amountRequested: 25000, requestedTerm: 60}, riskAssesmentResult: {riskClass: "B", approval: true}}"#
    static let riskEntry = #"{this: {risk: 3, name: "Late payment", date: "2024-05-01"}, onlyShowRiskAbove: 5, riskEntries: [{risk: 3, name: "Late payment"}, {risk: 8, name: "Fraud flag"}]}"#
    static let filePickers = #"{root_formats: ".pdf,.png", root_multiple: true, group_formats: "image/*", group_multiple: false, list_formats: ".csv", list_multiple: true}"#
    static let altTexts = #"{alt_root: "Root image", alt_flat: "Flat image", alt_nested: "Nested image", alt_pathed: "Pathed image", alt_separated: "Separated image"}"#
    static let iframes = #"{projectPage: "The bpmn-io project page", url: "bpmn.io/", domain: "toolkit", page: "Toolkit"}"#
    static let nestedLists = #"{a: "root a", parent: {a: "parent a", b: "parent b", this: {b: "this b"}, parent: {a: "grand a", this: {a: "grand this a"}}}}"#
    static let templateData = #"{value: 10, minimum: 5, display: {subdisplay: "shown"}, orgs: [{members: [{name: "Ana"}]}], members: [{name: "Ana"}], _parent_: {external2: "ext 2", child: {child2: "deep"}, _parent_: {external1: {question: "Why?"}}}, parent: "a parent", this: "this one"}"#
    static let validationBounds = "{min: 1, max: 10, minLength: 3, maxLength: 20}"
    static let valueLists = #"{myList: [{label: "A", value: "a"}], myList2: [{label: "B", value: "b"}], myList3: [], myList4: [{label: "C", value: "c"}]}"#

    // Texts of this section that several rows check.
    static let trafficLight = #"""
        if riskRating <=40 then "https://upload.wikimedia.org/wikipedia/commons/thumb/c/ca/Eo_circle_green_blank.svg/640px-Eo_circle_green_blank.svg.png"
        else if riskRating <=99 then "https://upload.wikimedia.org/wikipedia/commons/thumb/f/fb/Yellow_icon.svg/1200px-Yellow_icon.svg.png"
        else
            "https://upload.wikimedia.org/wikipedia/commons/thumb/f/f6/Eo_circle_red_blank.svg/2048px-Eo_circle_red_blank.svg.png"
        """#

    /// The forms of camunda8/ (.form files beside the processes): conditions hiding fields, a traffic
    /// light image chosen by risk, templated texts.
    static let camundaForms: [WildCase] = [
        // A checklist offering the purchases entered before.
        .e("largePurchases", #"{largePurchases: ["car", "boat"]}"#, #"["car", "boat"]"#),
        // Hidden: no human was asked.
        .e(#"not(list contains(tasksToActivate, "ask_human1"))"#, #"{tasksToActivate: ["ask_openai"]}"#, "true"),
        .e(#"not(list contains(tasksToActivate, "ask_human1"))"#, #"{tasksToActivate: ["ask_human1", "reminder_id"]}"#, "false"),
        .e(#"not(list contains(tasksToActivate, "ask_openai"))"#, #"{tasksToActivate: ["ask_openai"]}"#, "false"),
        .e(#"not(list contains(tasksToActivate, "reminder_id"))"#, #"{tasksToActivate: ["ask_openai"]}"#, "true"),
        .e("not(expertAsked)", "{expertAsked: true}", "false"),
        // No expert asked yet (missing): `not(null)` is null, which does not hide the field.
        .e("not(expertAsked)", "{}", "null"),
        .e(#"not("Other" in purchases)"#, #"{purchases: ["Home", "Other"]}"#, "false"),
        .e(#"not("Other" in purchases)"#, #"{purchases: ["Car"]}"#, "true"),
        .e(trafficLight,
           "{riskRating: 30}",
           #""https://upload.wikimedia.org/wikipedia/commons/thumb/c/ca/Eo_circle_green_blank.svg/640px-Eo_circle_green_blank.svg.png""#),
        .e(trafficLight,
           "{riskRating: 75}",
           #""https://upload.wikimedia.org/wikipedia/commons/thumb/f/fb/Yellow_icon.svg/1200px-Yellow_icon.svg.png""#),
        .e(trafficLight,
           "{riskRating: 115}",
           #""https://upload.wikimedia.org/wikipedia/commons/thumb/f/f6/Eo_circle_red_blank.svg/2048px-Eo_circle_red_blank.svg.png""#),
        .e("trafficLight",
           #"{trafficLight: "https://upload.wikimedia.org/wikipedia/commons/thumb/f/fb/Yellow_icon.svg/1200px-Yellow_icon.svg.png"}"#,
           #""https://upload.wikimedia.org/wikipedia/commons/thumb/f/fb/Yellow_icon.svg/1200px-Yellow_icon.svg.png""#),
        .e("investigationDetails", #"{investigationDetails: "Check the source of the income."}"#, #""Check the source of the income.""#),
        .e("loanApplication.customerId", underwriting, #""C-1042""#),
        .e("loanApplication.firstName", underwriting, #""Ana""#),
        .e("loanApplication.lastName", underwriting, #""Silva""#),
        .e("loanApplication.emailAddress", underwriting, #""ana.silva@example.com""#),
        .e("loanApplication.amountRequested", underwriting, "25000"),
        .e("loanApplication.requestedTerm", underwriting, "60"),
        // `{{#if …}}` conditions of the underwriting form's text.
        .e("riskAssesmentResult.approval", underwriting, "true"),
        .e("not(riskAssesmentResult.approval)", underwriting, "false"),
        .e("documentUrl",
           #"{documentUrl: "https://drive.google.com/file/d/1-ZCGFw8DiwDWUMI8oJp-QB5zql58FRL1/preview"}"#,
           #""https://drive.google.com/file/d/1-ZCGFw8DiwDWUMI8oJp-QB5zql58FRL1/preview""#),
    ]

    // Texts of this section that several rows check.
    static let loanAllowanceExceeded = #"""
        {
        remainingAllowance: loanOptions.maxAllowance - loanOptions.currentlyUsed,
        restAfterNewLoan: remainingAllowance - offeredAdditionalLoan
                }.restAfterNewLoan < 0
        """#
    static let daysFactor = #"""
        if tp.days = "every_day" then 365
            else if tp.days = "every_business_day" then 250
            else if tp.days = "custom" then tp.days_custom
            else 0
        """#
    static let hoursFactor = #"""
        if tp.hours = "24_hours_per_day" then 24
            else if tp.hours = "8_hours_per_day" then 8
            else if tp.hours = "custom" then tp.hours_custom
            else 0
        """#

    /// form-js's own test specs (formjs/): every property that may hold an expression, templates with
    /// `this`, `parent` and `_parent_` (names to FEEL: form-js puts them in the context).
    static let formjsSpecs: [WildCase] = [
        .e("tableSource",
           #"{tableSource: [{id: 1, name: "Ana"}, {id: 2, name: "Ben"}]}"#,
           #"[{id: 1, name: "Ana"}, {id: 2, name: "Ben"}]"#),
        .e("tableHeaders",
           #"{tableHeaders: [{label: "ID", key: "id"}, {label: "Name", key: "name"}]}"#,
           #"[{label: "ID", key: "id"}, {label: "Name", key: "name"}]"#),
        .e(" 3 + 4", "{}", "7"),
        .e("logo", #"{logo: "https://bpmn.io/img/logo.svg"}"#, #""https://bpmn.io/img/logo.svg""#),
        .e("myDocuments",
           #"{myDocuments: [{documentId: "d-1", metadata: {fileName: "invoice.pdf", contentType: "application/pdf"}}]}"#,
           #"[{documentId: "d-1", metadata: {fileName: "invoice.pdf", contentType: "application/pdf"}}]"#),
        .e("documents",
           #"{documents: [{documentId: "d-1", metadata: {fileName: "invoice.pdf", contentType: "application/pdf"}}]}"#,
           #"[{documentId: "d-1", metadata: {fileName: "invoice.pdf", contentType: "application/pdf"}}]"#),
        .e("my_documents",
           #"{my_documents: [{documentId: "d-1", metadata: {fileName: "invoice.pdf", contentType: "application/pdf"}}]}"#,
           #"[{documentId: "d-1", metadata: {fileName: "invoice.pdf", contentType: "application/pdf"}}]"#),
        .e("case_id", #"{case_id: "C-42"}"#, #""C-42""#),
        .e(#"if isGood then [ "good" ] else ["bad"]"#, "{isGood: true}", #"["good"]"#),
        // `if` takes the else branch for anything but true, null included.
        .e(#"if isGood then [ "good" ] else ["bad"]"#, "{}", #"["bad"]"#),
        .e("hobbies",
           #"{hobbies: [{label: "Chess", value: "chess"}, {label: "Football", value: "football"}]}"#,
           #"[{label: "Chess", value: "chess"}, {label: "Football", value: "football"}]"#),
        .e("staticValue + 10", "{staticValue: 5}", "15"),
        .e("exprA * 2", "{exprA: 15}", "30"),
        .e("exprB + 10", "{exprB: 30}", "40"),
        .e(loanAllowanceExceeded, "{loanOptions: {maxAllowance: 10000, currentlyUsed: 6000}, offeredAdditionalLoan: 5000}", "true"),
        .e(loanAllowanceExceeded, "{loanOptions: {maxAllowance: 10000, currentlyUsed: 6000}, offeredAdditionalLoan: 3000}", "false"),
        .e(daysFactor, #"{tp: {days: "every_business_day"}}"#, "250"),
        .e(daysFactor, #"{tp: {days: "custom", days_custom: 180}}"#, "180"),
        .e(daysFactor, "{tp: {}}", "0"),
        .e(hoursFactor, #"{tp: {hours: "8_hours_per_day"}}"#, "8"),
        .e(hoursFactor, #"{tp: {hours: "24_hours_per_day"}}"#, "24"),
        // Process instances per month, spread over the year: decimal division to 34 digits (week, second).
        .e(#"""
            {
              year: if tp.time_span = "year" then tp.pi
              else if tp.time_span = "quarter" then tp.pi*4 
              else if tp.time_span = "month" then tp.pi*12
              else if tp.time_span = "week" then tp.pi*52.1429
              else if tp.time_span = "day" then tp.pi*tp.daysFactor
              else if tp.time_span = "hour" then tp.pi*tp.hoursFactor*tp.daysFactor
              else if tp.time_span = "minute" then tp.pi*60*tp.hoursFactor*tp.daysFactor
              else if tp.time_span = "second" then tp.pi*60*60*tp.hoursFactor*tp.daysFactor
              else 0,
              quarter: year/4,
              month: year/12,
              week: year/52.1429,
              day: year/tp.daysFactor,
              hour: day/tp.hoursFactor,
              minute: hour/60,
              second: minute/60,
              year_tasks: year*tp.tasks,
              quarter_tasks: quarter*tp.tasks,
              month_tasks: month*tp.tasks,
              week_tasks: week*tp.tasks,
              day_tasks: day*tp.tasks,
              hour_tasks: hour*tp.tasks,
              minute_tasks: minute*tp.tasks,
              second_tasks: second*tp.tasks
            }
            """#,
           #"{tp: {time_span: "month", pi: 1000, daysFactor: 250, hoursFactor: 8, tasks: 5}}"#,
           "{year: 12000, quarter: 3000, month: 1000, week: 230.1367971478379606811282072918844, day: 48, hour: 6, minute: 0.1, second: 0.001666666666666666666666666666666667, year_tasks: 60000, quarter_tasks: 15000, month_tasks: 5000, week_tasks: 1150.683985739189803405641036459422, day_tasks: 240, hour_tasks: 30, minute_tasks: 0.5, second_tasks: 0.008333333333333333333333333333333335}"),
        // Disk sizes of a Camunda cluster in GB: payload sizes in KB, retention in days.
        .long("{\n  zeebe_logstream: 0.1 + 0.1*ds.payloa", bytes: 1180, fnv1a: 0x89eaf1a00cf8b2aa,
              "{ds: {payload: 10, payload_base64: 2, cycle_time: 2, zeebe_retention: 30, operate_retention: 30, optimize_retention: 14, tasklist_retention: 30}, tp: {numbers: {day: 1024}}, b: {buffer_numbers: {factor: 2}}}",
              value: "{zeebe_logstream: 1.6, operate: 1.6, optimize: 4.03, tasklist: 1.52, total: 8.75, zeebe_logstream_total: 1.5, operate_total: 1.5, optimize_total: 0.8815625, tasklist_total: 1.425, total_total: 5.3065625, zeebe_logstream_total_period: 3, operate_total_period: 3, optimize_total_period: 1.763125, tasklist_total_period: 2.85, total_total_period: 10.613125}"),
        // `this` is the current item of a dynamic list.
        .e("this.hideElement", "{this: {hideElement: true, hideList: false}}", "true"),
        .e("this.hideList", "{this: {hideElement: true, hideList: false}}", "false"),
        .e("amount <= 2", "{amount: 1}", "true"),
        .e("amount <= 2", "{amount: 5}", "false"),
        .e("riskEntries", riskEntry, #"[{risk: 3, name: "Late payment"}, {risk: 8, name: "Fraud flag"}]"#),
        .e("this.risk", riskEntry, "3"),
        // Hidden: the entry's risk is not above the threshold.
        .e("this.risk <= onlyShowRiskAbove", riskEntry, "true"),
        .e("this.risk <= onlyShowRiskAbove", "{this: {risk: 8}, onlyShowRiskAbove: 5}", "false"),
        .e("root_formats", filePickers, #"".pdf,.png""#),
        .e("root_multiple", filePickers, "true"),
        .e("group_formats", filePickers, #""image/*""#),
        .e("group_multiple", filePickers, "false"),
        .e("list_formats", filePickers, #"".csv""#),
        .e("list_multiple", filePickers, "true"),
        .e("alt_root", altTexts, #""Root image""#),
        .e("alt_flat", altTexts, #""Flat image""#),
        .e("alt_nested", altTexts, #""Nested image""#),
        .e("alt_pathed", altTexts, #""Pathed image""#),
        .e("alt_separated", altTexts, #""Separated image""#),
        .e("a", "{a: true, b: true, c: false}", "true"),
        .e("b and c", "{a: true, b: true, c: false}", "false"),
        .e("b and c", "{b: true, c: true}", "true"),
        .e("heading", #"{heading: "Welcome", description: "Please fill in the form."}"#, #""Welcome""#),
        .e("description", #"{heading: "Welcome", description: "Please fill in the form."}"#, #""Please fill in the form.""#),
        .e("projectPage", iframes, #""The bpmn-io project page""#),
        .e("url", iframes, #""bpmn.io/""#),
        .e("url + domain", iframes, #""bpmn.io/toolkit""#),
        .e("page", iframes, #""Toolkit""#),
        .e("parent.a", nestedLists, #""parent a""#),
        .e("parent.this.b", nestedLists, #""this b""#),
        .e("parent.b", nestedLists, #""parent b""#),
        .e("parent.parent.a", nestedLists, #""grand a""#),
        .e("parent.parent.this.a", nestedLists, #""grand this a""#),
        // Read-only when the two numbers add up to 2.
        .e("foo + bar = 2", "{foo: 1, bar: 1}", "true"),
        .e("foo + bar = 2", "{foo: 1, bar: 2}", "false"),
        // `1 + null` is null, and null = 2 is false (a comparison with null checks for null).
        .e("foo + bar = 2", "{foo: 1}", "false"),
        .e("value > minimum", templateData, "true"),
        .e("value > minimum", "{value: 3, minimum: 5}", "false"),
        .e("display.subdisplay", templateData, #""shown""#),
        .e("orgs", templateData, #"[{members: [{name: "Ana"}]}]"#),
        .e("members", templateData, #"[{name: "Ana"}]"#),
        .e("_parent_._parent_.external1.question", templateData, #""Why?""#),
        .e("_parent_.external2", templateData, #""ext 2""#),
        .e("parent", templateData, #""a parent""#),
        .e("this", templateData, #""this one""#),
        .e("_parent_.child.child2", templateData, #""deep""#),
        .e("min", validationBounds, "1"),
        .e("max", validationBounds, "10"),
        .e("minLength", validationBounds, "3"),
        .e("maxLength", validationBounds, "20"),
        .e("myList", valueLists, #"[{label: "A", value: "a"}]"#),
        .e("concatenate(myList2,myList3,myList4)", valueLists, #"[{label: "B", value: "b"}, {label: "C", value: "c"}]"#),
        .e("someVariable", #"{someVariable: "Hello from the SDK test"}"#, #""Hello from the SDK test""#),
    ]
}
