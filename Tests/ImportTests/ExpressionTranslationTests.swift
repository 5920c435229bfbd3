import Expressions
import Foundation
import Testing
@testable import Definitions

/// Every condition and FEEL value of the wild corpus (../shared/testdata/wild), then the common
/// FEEL and JUEL forms beyond it. The corpus files themselves stay outside the repository.
let corpusCases: [TranslationCase] = [
    // camunda7 dataformat-demo.bpmn
    TranslationCase(.juel, #"${dataFormat == "xml"}"#, ["dataFormat": "xml"], true),
    TranslationCase(.juel, #"${dataFormat == "json"}"#, ["dataFormat": "xml"], false),
    // camunda7 fox-invoice_generated_forms.bpmn
    TranslationCase(.juel, "${!approved}", ["approved": false], true),
    TranslationCase(.juel, "${approved}", ["approved": true], true),
    TranslationCase(.juel, "${clarified.equals('no')}", ["clarified": "no"], true),
    TranslationCase(.juel, "${clarified.equals('yes')}", ["clarified": "no"], false),
    // plain MIWG A.2.1.bpmn (no expression language given; `true` reads the same in FEEL)
    TranslationCase(.feel, "true", true),
    // formjs demoForm.form, groups.json, iframes.json, dynamic lists, documents, filepicker, validate, tables
    TranslationCase(.feel, "someVariable", ["someVariable": "Hello"], "Hello"),
    TranslationCase(.feel, "alt_root", ["alt_root": "Root image"], "Root image"),
    TranslationCase(.feel, "alt_flat", ["alt_flat": "Flat"], "Flat"),
    TranslationCase(.feel, "alt_nested", ["alt_nested": "Nested"], "Nested"),
    TranslationCase(.feel, "alt_pathed", ["alt_pathed": "Pathed"], "Pathed"),
    TranslationCase(.feel, "alt_separated", ["alt_separated": "Separated"], "Separated"),
    TranslationCase(.feel, "riskEntries", ["riskEntries": [["risk": 1]]], [["risk": 1]]),
    TranslationCase(.feel, "this.risk <= onlyShowRiskAbove", ["onlyShowRiskAbove": 3], item: ["risk": 2], true),
    TranslationCase(.feel, "amount <= 2", ["amount": 5], false),
    TranslationCase(.feel, "if tp.days = \"every_day\" then 365\n    else if tp.days = \"every_business_day\" then 250\n    else if tp.days = \"custom\" then tp.days_custom\n    else 0",
                    ["tp": ["days": "custom", "days_custom": 120]], 120),
    TranslationCase(.feel, "if tp.hours = \"24_hours_per_day\" then 24\n    else if tp.hours = \"8_hours_per_day\" then 8\n    else if tp.hours = \"custom\" then tp.hours_custom\n    else 0",
                    ["tp": ["hours": "8_hours_per_day"]], 8),
    TranslationCase(.feel, "projectPage", ["projectPage": "https://example.org"], "https://example.org"),
    TranslationCase(.feel, "url + domain", ["url": "https://", "domain": "example.org"], "https://example.org"),
    TranslationCase(.feel, "{\nremainingAllowance: loanOptions.maxAllowance - loanOptions.currentlyUsed,\nrestAfterNewLoan: remainingAllowance - offeredAdditionalLoan\n        }.restAfterNewLoan < 0",
                    ["loanOptions": ["maxAllowance": 1000, "currentlyUsed": 800], "offeredAdditionalLoan": 300], true),
    TranslationCase(.feel, "10", 10),
    TranslationCase(.feel, "staticValue + 10", ["staticValue": 5], 15),
    TranslationCase(.feel, "exprA * 2", ["exprA": 15], 30),
    TranslationCase(.feel, "exprB + 10", ["exprB": 30], 40),
    TranslationCase(.feel, "foo + bar = 2", ["foo": 1, "bar": 1], true),
    TranslationCase(.feel, "this.hideList", item: ["hideList": true], true),
    TranslationCase(.feel, "this.hideElement", item: ["hideElement": false], false),
    TranslationCase(.feel, "my_documents", ["my_documents": ["a.pdf"]], ["a.pdf"]),
    TranslationCase(.feel, "a", ["a": true], true),
    TranslationCase(.feel, "b and c", ["b": true, "c": false], false),
    TranslationCase(.feel, "min", ["min": 1], 1),
    TranslationCase(.feel, "max", ["max": 9], 9),
    TranslationCase(.feel, "minLength", ["minLength": 2], 2),
    TranslationCase(.feel, "maxLength", ["maxLength": 8], 8),
    TranslationCase(.feel, "myList", ["myList": ["x", "y"]], ["x", "y"]),
    TranslationCase(.feel, "concatenate(myList2,myList3,myList4)", ["myList2": [1], "myList3": [2, 3], "myList4": []], [1, 2, 3]),
    TranslationCase(.feel, "root_formats", ["root_formats": ".pdf"], ".pdf"),
    TranslationCase(.feel, "root_multiple", ["root_multiple": true], true),
    TranslationCase(.feel, "group_formats", ["group_formats": ".png"], ".png"),
    TranslationCase(.feel, "group_multiple", ["group_multiple": false], false),
    TranslationCase(.feel, "list_formats", ["list_formats": ".jpg"], ".jpg"),
    TranslationCase(.feel, "list_multiple", ["list_multiple": true], true),
    TranslationCase(.feel, " 3 + 4", 7),
    TranslationCase(.feel, "logo", ["logo": "data:image/png;base64,AA"], "data:image/png;base64,AA"),
    TranslationCase(.feel, "myDocuments", ["myDocuments": []], []),
    TranslationCase(.feel, "tableHeaders", ["tableHeaders": [["key": "id", "label": "ID"]]], [["key": "id", "label": "ID"]]),
    TranslationCase(.feel, "if isGood then [ \"good\" ] else [\"bad\"]", ["isGood": false], ["bad"]),
    TranslationCase(.feel, "hobbies", ["hobbies": ["chess"]], ["chess"]),
    TranslationCase(.feel, "documents", [:], nil),
    TranslationCase(.feel, "tableSource", ["tableSource": [["id": 1]]], [["id": 1]]),
]

let feelCases: [TranslationCase] = [
    // literals and names
    TranslationCase(.feel, "null", nil),
    TranslationCase(.feel, "\"a \\\"quoted\\\" word\\n\"", "a \"quoted\" word\n"),
    TranslationCase(.feel, "\"\\u00e9t\\u00e9\"", "été"),
    TranslationCase(.feel, ".5 + 1", 1.5),
    TranslationCase(.feel, "`amount`", ["amount": 3], 3),
    TranslationCase(.feel, "client.address.city", ["client": ["address": ["city": "Cluj"]]], "Cluj"),
    TranslationCase(.feel, "client.middleName = null", ["client": [:]], true),
    TranslationCase(.feel, "missing != null", false),
    TranslationCase(.feel, "amount > 1000 // a comment\n", ["amount": 1500], true),
    TranslationCase(.feel, "/* big */ amount > 1000", ["amount": 500], false),
    // precedence
    TranslationCase(.feel, "1 + 2 * 3", 7),
    TranslationCase(.feel, "(1 + 2) * 3", 9),
    TranslationCase(.feel, "10 - 4 - 3", 3),
    TranslationCase(.feel, "10 - (4 - 3)", 9),
    TranslationCase(.feel, "12 / 2 / 3", 2),
    TranslationCase(.feel, "-2 * 3 + 10", 4),
    TranslationCase(.feel, "- -5", 5),
    TranslationCase(.feel, "a or b and c", ["a": false, "b": true, "c": false], false),
    TranslationCase(.feel, "(a or b) and c", ["a": true, "b": false, "c": false], false),
    TranslationCase(.feel, "a and b or c", ["a": false, "b": true, "c": true], true),
    TranslationCase(.feel, "1 + 1 = 2 and 3 > 2", true),
    TranslationCase(.feel, "amount * 2 >= limit + 1", ["amount": 50, "limit": 99], true),
    TranslationCase(.feel, "x = 1 = true", ["x": 1], true),
    // comparisons
    TranslationCase(.feel, "status = \"approved\"", ["status": "approved"], true),
    TranslationCase(.feel, "status != \"approved\"", ["status": "rejected"], true),
    TranslationCase(.feel, "amount < 100", ["amount": 99.5], true),
    TranslationCase(.feel, "amount >= 100", ["amount": 99.5], false),
    TranslationCase(.feel, "missing > 5", false),
    TranslationCase(.feel, "age between 18 and 65", ["age": 65], true),
    TranslationCase(.feel, "age between 18 and 65", ["age": 17], false),
    TranslationCase(.feel, "amount between 10 + 5 and 20 and ok", ["amount": 15, "ok": true], true),
    TranslationCase(.feel, "x in [1..10]", ["x": 10], true),
    TranslationCase(.feel, "x in [1..10)", ["x": 10], false),
    TranslationCase(.feel, "x in ]1..10]", ["x": 1], false),
    TranslationCase(.feel, "x in (1..10)", ["x": 5], true),
    TranslationCase(.feel, "status in [\"new\", \"open\"]", ["status": "open"], true),
    TranslationCase(.feel, "status in (\"new\", \"open\")", ["status": "closed"], false),
    TranslationCase(.feel, "tag in tags", ["tag": "vip", "tags": ["new", "vip"]], true),
    TranslationCase(.feel, "x in < 10", ["x": 3], true),
    TranslationCase(.feel, "x in 5", ["x": 5], true),
    // if, some, every, filters
    TranslationCase(.feel, "if amount > 1000 then \"big\" else \"small\"", ["amount": 1001], "big"),
    TranslationCase(.feel, "if missing then 1 else 2", 2),
    TranslationCase(.feel, "some x in [1, 5, 9] satisfies x > 8", true),
    TranslationCase(.feel, "every x in [1, 5, 9] satisfies x > 0", true),
    TranslationCase(.feel, "every o in orders satisfies o.price < limit", ["orders": [["price": 5], ["price": 20]], "limit": 10], false),
    TranslationCase(.feel, "some o in orders satisfies some p in o.parts satisfies p = \"bolt\"",
                    ["orders": [["parts": ["nut"]], ["parts": ["bolt"]]]], true),
    TranslationCase(.feel, "some x in missing satisfies x", false),
    TranslationCase(.feel, "orders[item.price > 10]", ["orders": [["price": 5], ["price": 20]]], [["price": 20]]),
    TranslationCase(.feel, "count(orders[item.price > 10 and item.paid])",
                    ["orders": [["price": 50, "paid": true], ["price": 20, "paid": false]]], 1),
    TranslationCase(.feel, "[1, 2, 3][1]", 1),
    TranslationCase(.feel, "[1, 2, 3][-1]", 3),
    TranslationCase(.feel, "names[2]", ["names": ["Ana", "Ion"]], "Ion"),
    TranslationCase(.feel, "names[-2]", ["names": ["Ana", "Ion"]], "Ana"),
    TranslationCase(.feel, "names[5]", ["names": ["Ana"]], nil),
    TranslationCase(.feel, "orders[item.price > 10][1].price", ["orders": [["price": 5], ["price": 20]]], 20),
    // contexts read right away
    TranslationCase(.feel, "{a: 1, b: a + 1}.b", 2),
    TranslationCase(.feel, "{\"net amount\": 100, vat: 19}.vat", 19),
    TranslationCase(.feel, "{a: 1}.zzz", nil),
    // built-in functions
    TranslationCase(.feel, "string length(name)", ["name": "Ana"], 3),
    TranslationCase(.feel, "upper case(name)", ["name": "Ana"], "ANA"),
    TranslationCase(.feel, "lower case(\"ABC\")", "abc"),
    TranslationCase(.feel, "contains(email, \"@\")", ["email": "a@b.ro"], true),
    TranslationCase(.feel, "starts with(iban, \"RO\")", ["iban": "RO49AAAA"], true),
    TranslationCase(.feel, "ends with(file, \".pdf\")", ["file": "cv.doc"], false),
    TranslationCase(.feel, "substring(\"foobar\", 3)", "obar"),
    TranslationCase(.feel, "substring(\"foobar\", -2, 1)", "a"),
    TranslationCase(.feel, "replace(\"banana\", \"a\", \"o\")", "bonono"),
    TranslationCase(.feel, "split(\"a;b;c\", \";\")", ["a", "b", "c"]),
    TranslationCase(.feel, "string join([\"a\", \"b\"], \", \")", "a, b"),
    TranslationCase(.feel, "matches(zip, \"^[0-9]{6}$\")", ["zip": "400001"], true),
    TranslationCase(.feel, "number(\"12.5\") + 1", 13.5),
    TranslationCase(.feel, "string(12) + \"!\"", "12!"),
    TranslationCase(.feel, "count([1, 2, 3])", 3),
    TranslationCase(.feel, "sum([1, 2, 3])", 6),
    TranslationCase(.feel, "sum(1, 2, 3)", 6),
    TranslationCase(.feel, "min([4, 2, 8])", 2),
    TranslationCase(.feel, "max(4, 2, 8)", 8),
    TranslationCase(.feel, "mean([2, 4, 6])", 4),
    TranslationCase(.feel, "floor(2.7) + ceiling(2.1)", 5),
    TranslationCase(.feel, "abs(-3)", 3),
    TranslationCase(.feel, "decimal(1.234, 2)", 1.23),
    TranslationCase(.feel, "round half up(2.345, 2)", 2.35),
    TranslationCase(.feel, "list contains([\"a\", \"b\"], \"b\")", true),
    TranslationCase(.feel, "is empty([])", true),
    TranslationCase(.feel, "today()", "2024-06-01"),
    TranslationCase(.feel, "date(\"2024-02-29\")", "2024-02-29"),
    TranslationCase(.feel, "date(birthday) < today()", ["birthday": "2000-01-01"], true),
    TranslationCase(.feel, "@\"2024-05-31\" < today()", true),
    TranslationCase(.feel, "is defined(nickname)", ["nickname": "Ana"], true),
    TranslationCase(.feel, "is defined(nickname)", false),
    TranslationCase(.feel, "not(approved)", ["approved": false], true),
    TranslationCase(.feel, "not(a = b)", ["a": 1, "b": 2], true),
    TranslationCase(.feel, "all([true, ok])", ["ok": true], true),
    TranslationCase(.feel, "any([false, ok])", ["ok": false], false),
    TranslationCase(.feel, "append([1], 2, 3)", [1, 2, 3]),
    TranslationCase(.feel, "concatenate([1], [2])", [1, 2]),
    TranslationCase(.feel, "get value(ctx, \"k\")", ["ctx": ["k": "v"]], "v"),
    TranslationCase(.feel, "\"Hello \" + name", ["name": "Ana"], "Hello Ana"),
]

let juelCases: [TranslationCase] = [
    TranslationCase(.juel, "${amount > 1000}", ["amount": 1500], true),
    TranslationCase(.juel, "#{amount > 1000}", ["amount": 15], false),
    TranslationCase(.juel, "  ${approved}  ", ["approved": true], true),
    TranslationCase(.juel, "${approver == 'demo'}", ["approver": "demo"], true),
    TranslationCase(.juel, #"${note == 'it\'s \d'}"#, ["note": "it's d"], true),
    TranslationCase(.juel, "${a eq b}", ["a": 1, "b": 1], true),
    TranslationCase(.juel, "${a ne b}", ["a": 1, "b": 1], false),
    TranslationCase(.juel, "${a gt 1 and a lt 5}", ["a": 3], true),
    TranslationCase(.juel, "${a ge 3 && a le 3}", ["a": 3], true),
    TranslationCase(.juel, "${a < 1 or not ok}", ["a": 3, "ok": false], true),
    TranslationCase(.juel, "${a < 1 || ok}", ["a": 3, "ok": false], false),
    TranslationCase(.juel, "${empty comment}", ["comment": ""], true),
    TranslationCase(.juel, "${not empty comment}", ["comment": "ok"], true),
    TranslationCase(.juel, "${!empty items}", ["items": []], false),
    TranslationCase(.juel, "${10 div 4}", 2.5),
    TranslationCase(.juel, "${10 mod 4 + 1}", 3),
    TranslationCase(.juel, "${1 + 2 * 3}", 7),
    TranslationCase(.juel, "${amount > 100 ? 'manual' : 'auto'}", ["amount": 50], "auto"),
    TranslationCase(.juel, "${urgent ? fast : slow}", ["urgent": false, "fast": 1, "slow": 2], 2),
    TranslationCase(.juel, "${a ? b : c ? d : e}", ["a": false, "c": true, "d": "d"], "d"),
    TranslationCase(.juel, "${name.equalsIgnoreCase(\"ANA\")}", ["name": "Ana"], true),
    TranslationCase(.juel, "${email.contains('@')}", ["email": "a@b"], true),
    TranslationCase(.juel, "${iban.startsWith('RO')}", ["iban": "RO49"], true),
    TranslationCase(.juel, "${file.endsWith('.pdf')}", ["file": "a.pdf"], true),
    TranslationCase(.juel, "${name.length() > 2}", ["name": "Ana"], true),
    TranslationCase(.juel, "${items.size() == 2}", ["items": [1, 2]], true),
    TranslationCase(.juel, "${items.isEmpty()}", ["items": [1]], false),
    TranslationCase(.juel, "${name.toUpperCase()}", ["name": "Ana"], "ANA"),
    TranslationCase(.juel, "${name.toLowerCase()}", ["name": "Ana"], "ana"),
    TranslationCase(.juel, "${name.trim() == 'Ana'}", ["name": " Ana "], true),
    TranslationCase(.juel, "${execution.getVariable(\"amount\") > 10}", ["amount": 11], true),
    TranslationCase(.juel, "${customer.address['city']}", ["customer": ["address": ["city": "Iasi"]]], "Iasi"),
    TranslationCase(.juel, "${items[0]}", ["items": ["first"]], "first"),
    TranslationCase(.juel, "${-amount < 0}", ["amount": 2], true),
    TranslationCase(.juel, "${x == null}", true),
    TranslationCase(.juel, "${(a + b) * 2}", ["a": 1, "b": 2], 6),
]

let refusedCases: [RefusalCase] = [
    // corpus: complex-expressions.json builds whole contexts, which FlowStage values cannot hold
    RefusalCase(.feel, "{\n  year: if tp.time_span = \"year\" then tp.pi\n  else if tp.time_span = \"quarter\" then tp.pi*4 \n  else if tp.time_span = \"month\" then tp.pi*12\n  else if tp.time_span = \"week\" then tp.pi*52.1429\n  else if tp.time_span = \"day\" then tp.pi*tp.daysFactor\n  else if tp.time_span = \"hour\" then tp.pi*tp.hoursFactor*tp.daysFactor\n  else if tp.time_span = \"minute\" then tp.pi*60*tp.hoursFactor*tp.daysFactor\n  else if tp.time_span = \"second\" then tp.pi*60*60*tp.hoursFactor*tp.daysFactor\n  else 0,\n  quarter: year/4,\n  month: year/12,\n  week: year/52.1429,\n  day: year/tp.daysFactor,\n  hour: day/tp.hoursFactor,\n  minute: hour/60,\n  second: minute/60,\n  year_tasks: year*tp.tasks,\n  quarter_tasks: quarter*tp.tasks,\n  month_tasks: month*tp.tasks,\n  week_tasks: week*tp.tasks,\n  day_tasks: day*tp.tasks,\n  hour_tasks: hour*tp.tasks,\n  minute_tasks: minute*tp.tasks,\n  second_tasks: second*tp.tasks\n}",
                column: 1, mentions: "context"),
    // corpus: `^` is not a FEEL operator at all
    RefusalCase(.feel, "{\n  factor: b.dynamic^b.period,\n  second_period: tp.numbers.second*factor,\n  second_tasks_period: tp.numbers.second_tasks*factor,\n  second_buffer: b.buffer*tp.numbers.second,\n  second_buffer_period: b.buffer*tp.numbers.second*factor,\n  second_buffer_tasks: second_buffer*tp.tasks,\n  second_buffer_tasks_period: second_buffer_tasks*factor,\n  day_period: tp.numbers.day*factor,\n  day_tasks_period: tp.numbers.day_tasks*factor,\n  day_buffer: b.buffer*tp.numbers.day,\n  day_buffer_period: b.buffer*tp.numbers.day*factor,\n  day_buffer_tasks: day_buffer*tp.tasks,\n  day_buffer_tasks_period: day_buffer_tasks*factor\n}",
                column: 22, mentions: "^"),
    RefusalCase(.feel, "{\n  zeebe_logstream: 0.1 + 0.1*ds.payload + 0.25*ds.payload_base64,\n  operate: 0.1 + 0.1*ds.payload + 0.25*ds.payload_base64,\n  optimize: 0.03 + 0.25*ds.payload + 0.75*ds.payload_base64,\n  tasklist: 0.02 + 0.1*ds.payload + 0.25*ds.payload_base64,\n  total: zeebe_logstream + operate + optimize + tasklist,\n  zeebe_logstream_total: zeebe_logstream*tp.numbers.day*(ds.cycle_time+ds.zeebe_retention)*ds.zeebe_retention/1024/1024,\n  operate_total: operate*tp.numbers.day*(ds.cycle_time+ds.operate_retention)*ds.operate_retention/1024/1024,\n  optimize_total: optimize*tp.numbers.day*(ds.cycle_time+ds.optimize_retention)*ds.optimize_retention/1024/1024,\n  tasklist_total: tasklist*tp.numbers.day*(ds.cycle_time+ds.tasklist_retention)*ds.tasklist_retention/1024/1024,\n  total_total: zeebe_logstream_total + operate_total + optimize_total + tasklist_total,\n  zeebe_logstream_total_period: zeebe_logstream_total*b.buffer_numbers.factor,\n  operate_total_period: operate_total*b.buffer_numbers.factor,\n  optimize_total_period: optimize_total*b.buffer_numbers.factor,\n  tasklist_total_period: tasklist_total*b.buffer_numbers.factor,\n  total_total_period: total_total*b.buffer_numbers.factor\n}",
                column: 1, mentions: "context"),
    // corpus: MIWG C.3.0 is prose, not FEEL (a name with a space and `==`); MIWG A.2.1 has empty conditions
    RefusalCase(.feel, "Service Level == 'Premium'", column: 18, mentions: "double quotes"),
    RefusalCase(.feel, "Service Level = \"Premium\"", column: 1, mentions: "spaces"),
    RefusalCase(.feel, "", column: 1, mentions: "empty"),
    // beyond the subset
    RefusalCase(.feel, "for x in xs return x * 2", column: 1, mentions: "for"),
    RefusalCase(.feel, "2 ** 3", column: 3, mentions: "**"),
    RefusalCase(.feel, "get entries(ctx)", column: 1, mentions: "`get entries()` is not supported"),
    RefusalCase(.feel, "distinct values(xs)", column: 1, mentions: "`distinct values()`"),
    RefusalCase(.feel, "sort(xs)", column: 1, mentions: "`sort()`"),
    RefusalCase(.feel, "date and time(x) < now()", column: 1, mentions: "`date and time()`"),
    RefusalCase(.feel, "x instance of number", column: 3, mentions: "instance of"),
    RefusalCase(.feel, "items[price > 10]", column: 6, mentions: "item"),
    RefusalCase(.feel, "items[i]", column: 6, mentions: "item"),
    RefusalCase(.feel, "some x in xs satisfies some y in x.ys satisfies y > x.min", column: 53, mentions: "outer"),
    RefusalCase(.feel, "some x in xs, y in ys satisfies x = y", column: 13, mentions: "several"),
    RefusalCase(.feel, "{a: 1}", column: 1, mentions: "context"),
    RefusalCase(.feel, "substring(name, start: 2)", column: 17, mentions: "named"),
    RefusalCase(.feel, "`my var` > 1", column: 1, mentions: "characters"),
    RefusalCase(.feel, "\"open", column: 1, mentions: "closing"),
    RefusalCase(.feel, "amount > ", column: 10, mentions: "found the end"),
    RefusalCase(.feel, "amount # 2", column: 8, mentions: "#"),
    RefusalCase(.feel, "x.f(1)", column: 3, mentions: "f()"),
    RefusalCase(.feel, "1e3", column: 2, mentions: "exponent"),
    RefusalCase(.feel, "\"\\u12\"", column: 2, mentions: "hexadecimal"),
    RefusalCase(.feel, "@\"10:00:00\"", column: 1, mentions: "date"),
    RefusalCase(.feel, "function(x) x + 1", column: 1, mentions: "function"),
    RefusalCase(.feel, "replace(name, \"(\", \"\")", column: nil, mentions: "regular expression"),
    RefusalCase(.feel, "substring(\"abc\")", column: 1, mentions: "2 to 3 arguments"),
    RefusalCase(.feel, "String(Repeating)", column: 1, mentions: "`String()`"),
    RefusalCase(.feel, String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100), column: 65, mentions: "nesting"),
    RefusalCase(.feel, String(repeating: "-", count: 100) + "1", column: 65, mentions: "nesting"),
    RefusalCase(.feel, String(repeating: "a", count: 4097), column: 4097, mentions: "4096"),
    RefusalCase(.feel, "{a: x + x, b: a + a, c: b + b, d: c + c, e: d + d, f: e + e, g: f + f, h: g + g, i: h + h, j: i + i, k: j + j, l: k + k}.l",
                column: nil, mentions: "longer"),
    RefusalCase(.juel, "amount > 1000", column: 1, mentions: "${"),
    RefusalCase(.juel, "Total: ${amount}", column: 1, mentions: "${"),
    RefusalCase(.juel, "${a} and ${b}", column: 6, mentions: "around"),
    RefusalCase(.juel, "${amount > 1000", column: 1, mentions: "closing"),
    RefusalCase(.juel, "${}", column: 3, mentions: "empty"),
    RefusalCase(.juel, "${bankService.isValid(iban)}", column: 15, mentions: "`isValid()`"),
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
          arguments: corpusCases + feelCases + juelCases)
    func evaluatesAsMeant(_ example: TranslationCase) throws {
        let expression = try example.dialect.translate(example.source).get()
        let result = expression.evaluate(in: example.scope())
        #expect(result.value == example.expected, "translated as \(expression.source)")
        #expect(result.warnings.isEmpty || example.expected == .null, "translated as \(expression.source)")
    }

    @Test("Expressions outside the supported subset are refused with a located problem", arguments: refusedCases)
    func refused(_ example: RefusalCase) {
        switch example.dialect.translate(example.source) {
        case .success(let expression):
            Issue.record("translated as \(expression.source)")
        case .failure(let problem):
            #expect(problem.column == example.column, "\(problem)")
            #expect(problem.message.contains(example.mentions), "\(problem)")
        }
    }

    @Test func theTableHoldsAtLeast110Expressions() {
        #expect(corpusCases.count + feelCases.count + juelCases.count >= 110)
    }

    @Test func translationsKeepTheSourceGroupingAndReadAsFlowStage() throws {
        #expect(try ExpressionTranslator.feel("10 - (4 - 3)").get().source == "10 - (4 - 3)")
        #expect(try ExpressionTranslator.feel("a or b and c").get().source == "a || b && c")
        #expect(try ExpressionTranslator.feel("(a or b) and c").get().source == "(a || b) && c")
        #expect(try ExpressionTranslator.feel("some x in xs satisfies x > 3").get().source == "any(xs, $item > 3)")
        #expect(try ExpressionTranslator.feel("items[item.price > 10]").get().source == "filter(items, $item.price > 10)")
        #expect(try ExpressionTranslator.feel("items[1]").get().source == "items[0]")
        #expect(try ExpressionTranslator.juel("${not empty x}").get().source == "!isEmpty(x)")
    }
}
