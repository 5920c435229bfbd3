import Expressions
import Foundation
import Testing
@testable import Definitions

/// Conditions and values of the wild corpus (../shared/testdata/wild) and the common FEEL and JUEL
/// forms beyond them, evaluated as the importer makes them: FEEL on the FEEL engine with the
/// data as JSON, JUEL translated into FlowStage expressions. (Every FEEL expression of the corpus
/// is also checked on the engine alone: Tests/FEELTests/WildCorpus.) The corpus stays outside the repository.
let corpusCases: [ModelExpressionCase] = [
    // camunda7 dataformat-demo.bpmn
    ModelExpressionCase(.juel, #"${dataFormat == "xml"}"#, ["dataFormat": "xml"], true),
    ModelExpressionCase(.juel, #"${dataFormat == "json"}"#, ["dataFormat": "xml"], false),
    // camunda7 fox-invoice_generated_forms.bpmn
    ModelExpressionCase(.juel, "${!approved}", ["approved": false], true),
    ModelExpressionCase(.juel, "${approved}", ["approved": true], true),
    ModelExpressionCase(.juel, "${clarified.equals('no')}", ["clarified": "no"], true),
    ModelExpressionCase(.juel, "${clarified.equals('yes')}", ["clarified": "no"], false),
    // camunda7 models with `#{…}` (the deferred form reads the same) and more conditions
    ModelExpressionCase(.juel, "#{approved}", ["approved": true], true),
    ModelExpressionCase(.juel, "#{!approved}", ["approved": true], false),
    ModelExpressionCase(.juel, "#{not approved}", ["approved": false], true),
    ModelExpressionCase(.juel, "#{happy == 'Yes'}", ["happy": "Yes"], true),
    ModelExpressionCase(.juel, "#{happy == 'No'}", ["happy": "Yes"], false),
    ModelExpressionCase(.juel, "#{message.contains('cake')}", ["message": "coffee and cake"], true),
    ModelExpressionCase(.juel, "#{message.contains('coffee')}", ["message": "tea"], false),
    ModelExpressionCase(.juel, "#{riskLevel == 'green'}", ["riskLevel": "green"], true),
    ModelExpressionCase(.juel, "#{riskLevel == 'yellow'}", ["riskLevel": "green"], false),
    ModelExpressionCase(.juel, "#{riskLevel == 'red'}", ["riskLevel": "red"], true),
    ModelExpressionCase(.juel, "#{riskAssessment == 'green'}", ["riskAssessment": "green"], true),
    ModelExpressionCase(.juel, "#{riskAssessment == 'yellow'}", ["riskAssessment": "red"], false),
    ModelExpressionCase(.juel, "#{riskAssessment == 'red'}", ["riskAssessment": "red"], true),
    ModelExpressionCase(.juel, "${input > 3}", ["input": 4], true),
    ModelExpressionCase(.juel, "${execution.getVariable(\"input\") != null && input > 5}", ["input": 4], false),
    ModelExpressionCase(.juel, "${true}", true),
    // plain MIWG A.2.1.bpmn (no expression language given; `true` reads the same in FEEL)
    ModelExpressionCase(.feel, "true", true),
    // formjs demoForm.form, groups.json, iframes.json, dynamic lists, documents, filepicker, validate, tables
    ModelExpressionCase(.feel, "someVariable", ["someVariable": "Hello"], "Hello"),
    ModelExpressionCase(.feel, "alt_root", ["alt_root": "Root image"], "Root image"),
    ModelExpressionCase(.feel, "alt_flat", ["alt_flat": "Flat"], "Flat"),
    ModelExpressionCase(.feel, "alt_nested", ["alt_nested": "Nested"], "Nested"),
    ModelExpressionCase(.feel, "alt_pathed", ["alt_pathed": "Pathed"], "Pathed"),
    ModelExpressionCase(.feel, "alt_separated", ["alt_separated": "Separated"], "Separated"),
    ModelExpressionCase(.feel, "riskEntries", ["riskEntries": [["risk": 1]]], [["risk": 1]]),
    ModelExpressionCase(.feel, "this.risk <= onlyShowRiskAbove", ["onlyShowRiskAbove": 3], item: ["risk": 2], true),
    ModelExpressionCase(.feel, "amount <= 2", ["amount": 5], false),
    ModelExpressionCase(.feel, "if tp.days = \"every_day\" then 365\n    else if tp.days = \"every_business_day\" then 250\n    else if tp.days = \"custom\" then tp.days_custom\n    else 0",
                    ["tp": ["days": "custom", "days_custom": 120]], 120),
    ModelExpressionCase(.feel, "if tp.hours = \"24_hours_per_day\" then 24\n    else if tp.hours = \"8_hours_per_day\" then 8\n    else if tp.hours = \"custom\" then tp.hours_custom\n    else 0",
                    ["tp": ["hours": "8_hours_per_day"]], 8),
    ModelExpressionCase(.feel, "projectPage", ["projectPage": "https://example.org"], "https://example.org"),
    ModelExpressionCase(.feel, "url + domain", ["url": "https://", "domain": "example.org"], "https://example.org"),
    ModelExpressionCase(.feel, "{\nremainingAllowance: loanOptions.maxAllowance - loanOptions.currentlyUsed,\nrestAfterNewLoan: remainingAllowance - offeredAdditionalLoan\n        }.restAfterNewLoan < 0",
                    ["loanOptions": ["maxAllowance": 1000, "currentlyUsed": 800], "offeredAdditionalLoan": 300], true),
    ModelExpressionCase(.feel, "10", 10),
    ModelExpressionCase(.feel, "staticValue + 10", ["staticValue": 5], 15),
    ModelExpressionCase(.feel, "exprA * 2", ["exprA": 15], 30),
    ModelExpressionCase(.feel, "exprB + 10", ["exprB": 30], 40),
    ModelExpressionCase(.feel, "foo + bar = 2", ["foo": 1, "bar": 1], true),
    ModelExpressionCase(.feel, "this.hideList", item: ["hideList": true], true),
    ModelExpressionCase(.feel, "this.hideElement", item: ["hideElement": false], false),
    ModelExpressionCase(.feel, "my_documents", ["my_documents": ["a.pdf"]], ["a.pdf"]),
    ModelExpressionCase(.feel, "a", ["a": true], true),
    ModelExpressionCase(.feel, "b and c", ["b": true, "c": false], false),
    ModelExpressionCase(.feel, "min", ["min": 1], 1),
    ModelExpressionCase(.feel, "max", ["max": 9], 9),
    ModelExpressionCase(.feel, "minLength", ["minLength": 2], 2),
    ModelExpressionCase(.feel, "maxLength", ["maxLength": 8], 8),
    ModelExpressionCase(.feel, "myList", ["myList": ["x", "y"]], ["x", "y"]),
    ModelExpressionCase(.feel, "concatenate(myList2,myList3,myList4)", ["myList2": [1], "myList3": [2, 3], "myList4": []], [1, 2, 3]),
    ModelExpressionCase(.feel, "root_formats", ["root_formats": ".pdf"], ".pdf"),
    ModelExpressionCase(.feel, "root_multiple", ["root_multiple": true], true),
    ModelExpressionCase(.feel, "group_formats", ["group_formats": ".png"], ".png"),
    ModelExpressionCase(.feel, "group_multiple", ["group_multiple": false], false),
    ModelExpressionCase(.feel, "list_formats", ["list_formats": ".jpg"], ".jpg"),
    ModelExpressionCase(.feel, "list_multiple", ["list_multiple": true], true),
    ModelExpressionCase(.feel, " 3 + 4", 7),
    ModelExpressionCase(.feel, "logo", ["logo": "data:image/png;base64,AA"], "data:image/png;base64,AA"),
    ModelExpressionCase(.feel, "myDocuments", ["myDocuments": []], []),
    ModelExpressionCase(.feel, "tableHeaders", ["tableHeaders": [["key": "id", "label": "ID"]]], [["key": "id", "label": "ID"]]),
    ModelExpressionCase(.feel, "if isGood then [ \"good\" ] else [\"bad\"]", ["isGood": false], ["bad"]),
    ModelExpressionCase(.feel, "hobbies", ["hobbies": ["chess"]], ["chess"]),
    ModelExpressionCase(.feel, "documents", [:], nil, warns: true),
    ModelExpressionCase(.feel, "tableSource", ["tableSource": [["id": 1]]], [["id": 1]]),
]

let feelCases: [ModelExpressionCase] = [
    // literals and names
    ModelExpressionCase(.feel, "null", nil),
    ModelExpressionCase(.feel, "\"a \\\"quoted\\\" word\\n\"", "a \"quoted\" word\n"),
    ModelExpressionCase(.feel, "\"\\u00e9t\\u00e9\"", "été"),
    ModelExpressionCase(.feel, ".5 + 1", 1.5),
    ModelExpressionCase(.feel, "`amount`", ["amount": 3], 3),
    ModelExpressionCase(.feel, "client.address.city", ["client": ["address": ["city": "Cluj"]]], "Cluj"),
    ModelExpressionCase(.feel, "client.middleName = null", ["client": [:]], true, warns: true),
    ModelExpressionCase(.feel, "missing != null", false, warns: true),
    ModelExpressionCase(.feel, "amount > 1000 // a comment\n", ["amount": 1500], true),
    ModelExpressionCase(.feel, "/* big */ amount > 1000", ["amount": 500], false),
    // precedence
    ModelExpressionCase(.feel, "1 + 2 * 3", 7),
    ModelExpressionCase(.feel, "(1 + 2) * 3", 9),
    ModelExpressionCase(.feel, "10 - 4 - 3", 3),
    ModelExpressionCase(.feel, "10 - (4 - 3)", 9),
    ModelExpressionCase(.feel, "12 / 2 / 3", 2),
    ModelExpressionCase(.feel, "-2 * 3 + 10", 4),
    ModelExpressionCase(.feel, "- -5", 5),
    ModelExpressionCase(.feel, "a or b and c", ["a": false, "b": true, "c": false], false),
    ModelExpressionCase(.feel, "(a or b) and c", ["a": true, "b": false, "c": false], false),
    ModelExpressionCase(.feel, "a and b or c", ["a": false, "b": true, "c": true], true),
    ModelExpressionCase(.feel, "1 + 1 = 2 and 3 > 2", true),
    ModelExpressionCase(.feel, "amount * 2 >= limit + 1", ["amount": 50, "limit": 99], true),
    ModelExpressionCase(.feel, "x = 1 = true", ["x": 1], true),
    // comparisons
    ModelExpressionCase(.feel, "status = \"approved\"", ["status": "approved"], true),
    ModelExpressionCase(.feel, "status != \"approved\"", ["status": "rejected"], true),
    ModelExpressionCase(.feel, "amount < 100", ["amount": 99.5], true),
    ModelExpressionCase(.feel, "amount >= 100", ["amount": 99.5], false),
    // FEEL's three-valued logic: an unset value compared is null, not false (Zeebe raises an incident).
    ModelExpressionCase(.feel, "missing > 5", nil, warns: true),
    ModelExpressionCase(.feel, "age between 18 and 65", ["age": 65], true),
    ModelExpressionCase(.feel, "age between 18 and 65", ["age": 17], false),
    ModelExpressionCase(.feel, "amount between 10 + 5 and 20 and ok", ["amount": 15, "ok": true], true),
    ModelExpressionCase(.feel, "x in [1..10]", ["x": 10], true),
    ModelExpressionCase(.feel, "x in [1..10)", ["x": 10], false),
    ModelExpressionCase(.feel, "x in ]1..10]", ["x": 1], false),
    ModelExpressionCase(.feel, "x in (1..10)", ["x": 5], true),
    ModelExpressionCase(.feel, "status in [\"new\", \"open\"]", ["status": "open"], true),
    ModelExpressionCase(.feel, "status in (\"new\", \"open\")", ["status": "closed"], false),
    ModelExpressionCase(.feel, "tag in tags", ["tag": "vip", "tags": ["new", "vip"]], true),
    ModelExpressionCase(.feel, "x in < 10", ["x": 3], true),
    ModelExpressionCase(.feel, "x in 5", ["x": 5], true),
    // if, some, every, filters
    ModelExpressionCase(.feel, "if amount > 1000 then \"big\" else \"small\"", ["amount": 1001], "big"),
    ModelExpressionCase(.feel, "if missing then 1 else 2", 2, warns: true),
    ModelExpressionCase(.feel, "some x in [1, 5, 9] satisfies x > 8", true),
    ModelExpressionCase(.feel, "every x in [1, 5, 9] satisfies x > 0", true),
    ModelExpressionCase(.feel, "every o in orders satisfies o.price < limit", ["orders": [["price": 5], ["price": 20]], "limit": 10], false),
    ModelExpressionCase(.feel, "some o in orders satisfies some p in o.parts satisfies p = \"bolt\"",
                    ["orders": [["parts": ["nut"]], ["parts": ["bolt"]]]], true),
    ModelExpressionCase(.feel, "some x in missing satisfies x", nil, warns: true),
    ModelExpressionCase(.feel, "orders[item.price > 10]", ["orders": [["price": 5], ["price": 20]]], [["price": 20]]),
    ModelExpressionCase(.feel, "count(orders[item.price > 10 and item.paid])",
                    ["orders": [["price": 50, "paid": true], ["price": 20, "paid": false]]], 1),
    ModelExpressionCase(.feel, "[1, 2, 3][1]", 1),
    ModelExpressionCase(.feel, "[1, 2, 3][-1]", 3),
    ModelExpressionCase(.feel, "names[2]", ["names": ["Ana", "Ion"]], "Ion"),
    ModelExpressionCase(.feel, "names[-2]", ["names": ["Ana", "Ion"]], "Ana"),
    ModelExpressionCase(.feel, "names[5]", ["names": ["Ana"]], nil, warns: true),
    ModelExpressionCase(.feel, "orders[item.price > 10][1].price", ["orders": [["price": 5], ["price": 20]]], 20),
    // contexts read right away
    ModelExpressionCase(.feel, "{a: 1, b: a + 1}.b", 2),
    ModelExpressionCase(.feel, "{\"net amount\": 100, vat: 19}.vat", 19),
    ModelExpressionCase(.feel, "{a: 1}.zzz", nil, warns: true),
    // built-in functions
    ModelExpressionCase(.feel, "string length(name)", ["name": "Ana"], 3),
    ModelExpressionCase(.feel, "upper case(name)", ["name": "Ana"], "ANA"),
    ModelExpressionCase(.feel, "lower case(\"ABC\")", "abc"),
    ModelExpressionCase(.feel, "contains(email, \"@\")", ["email": "a@b.ro"], true),
    ModelExpressionCase(.feel, "starts with(iban, \"RO\")", ["iban": "RO49AAAA"], true),
    ModelExpressionCase(.feel, "ends with(file, \".pdf\")", ["file": "cv.doc"], false),
    ModelExpressionCase(.feel, "substring(\"foobar\", 3)", "obar"),
    ModelExpressionCase(.feel, "substring(\"foobar\", -2, 1)", "a"),
    ModelExpressionCase(.feel, "replace(\"banana\", \"a\", \"o\")", "bonono"),
    ModelExpressionCase(.feel, "split(\"a;b;c\", \";\")", ["a", "b", "c"]),
    ModelExpressionCase(.feel, "string join([\"a\", \"b\"], \", \")", "a, b"),
    ModelExpressionCase(.feel, "matches(zip, \"^[0-9]{6}$\")", ["zip": "400001"], true),
    ModelExpressionCase(.feel, "number(\"12.5\") + 1", 13.5),
    ModelExpressionCase(.feel, "string(12) + \"!\"", "12!"),
    ModelExpressionCase(.feel, "count([1, 2, 3])", 3),
    ModelExpressionCase(.feel, "sum([1, 2, 3])", 6),
    ModelExpressionCase(.feel, "sum(1, 2, 3)", 6),
    ModelExpressionCase(.feel, "min([4, 2, 8])", 2),
    ModelExpressionCase(.feel, "max(4, 2, 8)", 8),
    ModelExpressionCase(.feel, "mean([2, 4, 6])", 4),
    ModelExpressionCase(.feel, "floor(2.7) + ceiling(2.1)", 5),
    ModelExpressionCase(.feel, "abs(-3)", 3),
    ModelExpressionCase(.feel, "decimal(1.234, 2)", 1.23),
    ModelExpressionCase(.feel, "round half up(2.345, 2)", 2.35),
    ModelExpressionCase(.feel, "list contains([\"a\", \"b\"], \"b\")", true),
    ModelExpressionCase(.feel, "is empty([])", true),
    ModelExpressionCase(.feel, "today()", "2024-06-01"),
    ModelExpressionCase(.feel, "date(\"2024-02-29\")", "2024-02-29"),
    ModelExpressionCase(.feel, "date(birthday) < today()", ["birthday": "2000-01-01"], true),
    ModelExpressionCase(.feel, "@\"2024-05-31\" < today()", true),
    ModelExpressionCase(.feel, "is defined(nickname)", ["nickname": "Ana"], true),
    ModelExpressionCase(.feel, "is defined(nickname)", false),
    ModelExpressionCase(.feel, "not(approved)", ["approved": false], true),
    ModelExpressionCase(.feel, "not(a = b)", ["a": 1, "b": 2], true),
    ModelExpressionCase(.feel, "all([true, ok])", ["ok": true], true),
    ModelExpressionCase(.feel, "any([false, ok])", ["ok": false], false),
    ModelExpressionCase(.feel, "append([1], 2, 3)", [1, 2, 3]),
    ModelExpressionCase(.feel, "concatenate([1], [2])", [1, 2]),
    ModelExpressionCase(.feel, "get value(ctx, \"k\")", ["ctx": ["k": "v"]], "v"),
    ModelExpressionCase(.feel, "\"Hello \" + name", ["name": "Ana"], "Hello Ana"),
]

let juelCases: [ModelExpressionCase] = [
    ModelExpressionCase(.juel, "${amount > 1000}", ["amount": 1500], true),
    ModelExpressionCase(.juel, "#{amount > 1000}", ["amount": 15], false),
    ModelExpressionCase(.juel, "  ${approved}  ", ["approved": true], true),
    ModelExpressionCase(.juel, "${approver == 'demo'}", ["approver": "demo"], true),
    ModelExpressionCase(.juel, #"${note == 'it\'s \d'}"#, ["note": "it's d"], true),
    ModelExpressionCase(.juel, "${a eq b}", ["a": 1, "b": 1], true),
    ModelExpressionCase(.juel, "${a ne b}", ["a": 1, "b": 1], false),
    ModelExpressionCase(.juel, "${a gt 1 and a lt 5}", ["a": 3], true),
    ModelExpressionCase(.juel, "${a ge 3 && a le 3}", ["a": 3], true),
    ModelExpressionCase(.juel, "${a < 1 or not ok}", ["a": 3, "ok": false], true),
    ModelExpressionCase(.juel, "${a < 1 || ok}", ["a": 3, "ok": false], false),
    ModelExpressionCase(.juel, "${empty comment}", ["comment": ""], true),
    ModelExpressionCase(.juel, "${not empty comment}", ["comment": "ok"], true),
    ModelExpressionCase(.juel, "${!empty items}", ["items": []], false),
    ModelExpressionCase(.juel, "${10 div 4}", 2.5),
    ModelExpressionCase(.juel, "${10 mod 4 + 1}", 3),
    ModelExpressionCase(.juel, "${1 + 2 * 3}", 7),
    ModelExpressionCase(.juel, "${amount > 100 ? 'manual' : 'auto'}", ["amount": 50], "auto"),
    ModelExpressionCase(.juel, "${urgent ? fast : slow}", ["urgent": false, "fast": 1, "slow": 2], 2),
    ModelExpressionCase(.juel, "${a ? b : c ? d : e}", ["a": false, "c": true, "d": "d"], "d"),
    ModelExpressionCase(.juel, "${name.equalsIgnoreCase(\"ANA\")}", ["name": "Ana"], true),
    ModelExpressionCase(.juel, "${email.contains('@')}", ["email": "a@b"], true),
    ModelExpressionCase(.juel, "${iban.startsWith('RO')}", ["iban": "RO49"], true),
    ModelExpressionCase(.juel, "${file.endsWith('.pdf')}", ["file": "a.pdf"], true),
    ModelExpressionCase(.juel, "${name.length() > 2}", ["name": "Ana"], true),
    ModelExpressionCase(.juel, "${items.size() == 2}", ["items": [1, 2]], true),
    ModelExpressionCase(.juel, "${items.isEmpty()}", ["items": [1]], false),
    ModelExpressionCase(.juel, "${name.toUpperCase()}", ["name": "Ana"], "ANA"),
    ModelExpressionCase(.juel, "${name.toLowerCase()}", ["name": "Ana"], "ana"),
    ModelExpressionCase(.juel, "${name.trim() == 'Ana'}", ["name": " Ana "], true),
    ModelExpressionCase(.juel, "${execution.getVariable(\"amount\") > 10}", ["amount": 11], true),
    ModelExpressionCase(.juel, "${customer.address['city']}", ["customer": ["address": ["city": "Iasi"]]], "Iasi"),
    ModelExpressionCase(.juel, "${items[0]}", ["items": ["first"]], "first"),
    ModelExpressionCase(.juel, "${-amount < 0}", ["amount": 2], true),
    ModelExpressionCase(.juel, "${x == null}", true),
    ModelExpressionCase(.juel, "${(a + b) * 2}", ["a": 1, "b": 2], 6),
]

/// What the translation refused before the FEEL engine, and more: now values.
let formerlyRefusedCases: [ModelExpressionCase] = [
    // corpus: complex-expressions.json builds whole contexts
    ModelExpressionCase(.feel, "{\n  year: if tp.time_span = \"year\" then tp.pi\n  else if tp.time_span = \"quarter\" then tp.pi*4 \n  else if tp.time_span = \"month\" then tp.pi*12\n  else if tp.time_span = \"week\" then tp.pi*52.1429\n  else if tp.time_span = \"day\" then tp.pi*tp.daysFactor\n  else if tp.time_span = \"hour\" then tp.pi*tp.hoursFactor*tp.daysFactor\n  else if tp.time_span = \"minute\" then tp.pi*60*tp.hoursFactor*tp.daysFactor\n  else if tp.time_span = \"second\" then tp.pi*60*60*tp.hoursFactor*tp.daysFactor\n  else 0,\n  quarter: year/4,\n  month: year/12,\n  week: year/52.1429,\n  day: year/tp.daysFactor,\n  hour: day/tp.hoursFactor,\n  minute: hour/60,\n  second: minute/60,\n  year_tasks: year*tp.tasks,\n  quarter_tasks: quarter*tp.tasks,\n  month_tasks: month*tp.tasks,\n  week_tasks: week*tp.tasks,\n  day_tasks: day*tp.tasks,\n  hour_tasks: hour*tp.tasks,\n  minute_tasks: minute*tp.tasks,\n  second_tasks: second*tp.tasks\n}.month_tasks",
                        ["tp": ["time_span": "quarter", "pi": 30, "tasks": 2, "daysFactor": 250, "hoursFactor": 8]], 20),
    ModelExpressionCase(.feel, "for x in xs return x * 2", ["xs": [1, 2.5]], [2, 5]),
    ModelExpressionCase(.feel, "2 ** 3", 8),
    ModelExpressionCase(.feel, "get entries(ctx)", ["ctx": ["k": "v"]], [["key": "k", "value": "v"]]),
    ModelExpressionCase(.feel, "distinct values(xs)", ["xs": [1, 2, 1]], [1, 2]),
    ModelExpressionCase(.feel, "sort(xs)", ["xs": [3, 1, 2]], [1, 2, 3]),
    ModelExpressionCase(.feel, "date and time(x) < now()", ["x": "2024-05-31T10:00:00Z"], true),
    ModelExpressionCase(.feel, "x instance of number", ["x": 1], true),
    ModelExpressionCase(.feel, "items[price > 10]", ["items": [["price": 5], ["price": 20]]], [["price": 20]]),
    ModelExpressionCase(.feel, "items[i]", ["items": ["a", "b"], "i": 2], "b"),
    ModelExpressionCase(.feel, "some x in xs satisfies some y in x.ys satisfies y > x.min",
                        ["xs": [["ys": [1, 2], "min": 5], ["ys": [9], "min": 5]]], true),
    ModelExpressionCase(.feel, "some x in xs, y in ys satisfies x = y", ["xs": [1, 2], "ys": [2, 3]], true),
    ModelExpressionCase(.feel, "{a: 1}", ["a": 1]),
    ModelExpressionCase(.feel, "substring(string: name, start position: 2)", ["name": "Ana"], "na"),
    ModelExpressionCase(.feel, "`my var` > 1", ["my var": 2], true),
    ModelExpressionCase(.feel, "Service Level = \"Premium\"", ["Service Level": "Premium"], true),
    ModelExpressionCase(.feel, "1e3", 1000),
    ModelExpressionCase(.feel, "@\"10:00:00\"", "10:00:00"),
    ModelExpressionCase(.feel, "(function(x) x + 1)(2)", 3),
    ModelExpressionCase(.feel, "replace(name, \"\\(\", \"\")", ["name": "(a)"], "a)"),
    ModelExpressionCase(.feel, "0.1 + 0.2", 0.3),
    ModelExpressionCase(.feel, "date(\"2024-01-31\") + duration(\"P1M\")", "2024-02-29"),
    ModelExpressionCase(.feel, "{a: x + x, b: a + a, c: b + b}.c", ["x": 1], 8),
    // form-js: `this` is a dynamic list's row, `parent` the data around it, `i` its positions
    ModelExpressionCase(.feel, "this.amount > parent.limit", ["limit": 10], item: ["amount": 20], true),
]

/// FEEL that does not parse, and JUEL outside the translated subset: refused with a located problem.
let refusedCases: [RefusalCase] = [
    // corpus: MIWG C.3.0 is prose, not FEEL (a `'`-quoted text and `==`); MIWG A.2.1 has empty conditions
    RefusalCase(.feel, "Service Level == 'Premium'", column: 18, mentions: "unexpected character"),
    RefusalCase(.feel, "", column: 1, mentions: "the end of the expression"),
    // corpus: `^` is not a FEEL operator
    RefusalCase(.feel, "b.dynamic^b.period", column: 10, mentions: "\"^\""),
    RefusalCase(.feel, "substring(\"abc\"", column: 16, mentions: "\")\""),
    RefusalCase(.feel, "\"open", column: 1, mentions: "never closed"),
    RefusalCase(.feel, "amount > ", column: 10, mentions: "found the end"),
    RefusalCase(.feel, "amount # 2", column: 8, mentions: "#"),
    RefusalCase(.feel, "\"\\u12\"", column: 6, mentions: "hexadecimal"),
    RefusalCase(.feel, "if a then b", column: 12, mentions: "else"),
    RefusalCase(.feel, String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100), column: 97, mentions: "levels deep"),
    RefusalCase(.feel, String(repeating: "a", count: 20_001), column: 20_001, mentions: "20000"),
    RefusalCase(.juel, "amount > 1000", column: 1, mentions: "${"),
    RefusalCase(.juel, "Total: ${amount}", column: 1, mentions: "${"),
    RefusalCase(.juel, "${a} and ${b}", column: 6, mentions: "around"),
    RefusalCase(.juel, "${amount > 1000", column: 1, mentions: "closing"),
    RefusalCase(.juel, "${}", column: 3, mentions: "empty"),
    RefusalCase(.juel, "${bankService.isValid(iban)}", column: 15, mentions: "`isValid()`"),
    // corpus: a bean's getters
    RefusalCase(.juel, "${objectVar.getAddress().getStreet() != \"main street\"}", column: 13, mentions: "`getAddress()`"),
    RefusalCase(.juel, "${execution.processInstanceId}", column: 3, mentions: "getVariable"),
    RefusalCase(.juel, "${fn:contains(a, b)}", column: 3, mentions: "functions"),
    RefusalCase(.juel, "${x instanceof y}", column: 5, mentions: "instanceof"),
    RefusalCase(.juel, "${a == }", column: 8, mentions: "found \"}\""),
    RefusalCase(.juel, "${'open}", column: 3, mentions: "closing"),
    RefusalCase(.juel, "${100L > x}", column: 6, mentions: "suffixes"),
    RefusalCase(.juel, "${name.equals()}", column: 8, mentions: "1 argument"),
    RefusalCase(.juel, "${" + String(repeating: "!", count: 100) + "x}", column: 67, mentions: "nesting"),
]

@Suite struct ExpressionTranslation {
    @Test("FEEL and JUEL expressions evaluate to the value the modeler means",
          arguments: corpusCases + feelCases + formerlyRefusedCases + juelCases)
    func evaluatesAsMeant(_ example: ModelExpressionCase) throws {
        let expression = try example.dialect.expression(example.source).get()
        let result = expression.evaluate(in: example.scope())
        #expect(result.value == example.expected, "runs as \(expression.source)")
        #expect(result.warnings.isEmpty != example.warns, "\(result.warnings)")
    }

    @Test("FEEL that does not parse and JUEL outside the translated subset are refused with a located problem", arguments: refusedCases)
    func refused(_ example: RefusalCase) {
        switch example.dialect.expression(example.source) {
        case .success(let expression):
            Issue.record("translated as \(expression.source)")
        case .failure(let problem):
            #expect(problem.column == example.column, "\(problem)")
            #expect(problem.message.contains(example.mentions), "\(problem)")
        }
    }

    @Test func theTableHoldsAtLeast110Expressions() {
        #expect(corpusCases.count + feelCases.count + formerlyRefusedCases.count + juelCases.count >= 110)
    }

    @Test func aJUELTranslationKeepsTheSourceGroupingAndReadsAsFlowStage() throws {
        #expect(try ModelExpressions.juel("${not empty x}").get().source == "!isEmpty(x)")
        #expect(try ModelExpressions.juel("${(a || b) && c}").get().source == "(a || b) && c")
        #expect(try ModelExpressions.juel("${a || b && c}").get().source == "a || b && c")
    }

    @Test func FEELKeepsItsSourceAndRunsAsFEEL() throws {
        let expression = try ModelExpressions.feel("a or b and c").get()
        #expect(expression.source == "a or b and c")
        #expect(expression.language == .feel)
    }
}
