@testable import FEEL
import Testing

/// The context functions (DMN 1.5, table 74) with Camunda's forms: `get value` along a list of
/// keys, `context put` along a path, `context merge` of separate arguments.
struct ContextFunctionTests {
    @Test(arguments: [
        (#"get value({foo: 123}, "foo")"#, "123"),
        (#"get value({foo: 123}, "bar")"#, "null"),
        (#"get value({"a b": 1}, "a b")"#, "1"),
        (#"get value(m: {a: 1}, key: "a")"#, "1"),
        (#"get value(context: {a: 1}, key: "a")"#, "1"),
        (#"get value({x: 1, y: {z: 0}}, ["y", "z"])"#, "0"),
        (#"get value({x: 1, y: {z: 0}}, ["y", "w"])"#, "null"),
        (#"get value({x: 1}, ["x", "z"])"#, "null"),
        (#"get value({x: 1}, [])"#, "null"),
        (#"get value(context: {a: {b: 2}}, keys: ["a", "b"])"#, "2"),
        (#"get value(null, "a")"#, "null"),
    ])
    func getValueReadsAnEntryOrAPathOfEntries(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("get entries({foo: 123})", #"[{key: "foo", value: 123}]"#),
        ("get entries({b: 1, a: 2})", #"[{key: "b", value: 1}, {key: "a", value: 2}]"#),
        ("get entries({})", "[]"),
        ("get entries(m: {a: 1})", #"[{key: "a", value: 1}]"#),
        ("get entries(context: {a: 1})", #"[{key: "a", value: 1}]"#),
        ("get entries(1)", "null"),
    ])
    func getEntriesListsKeysAndValuesInOrder(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"context put({x: 1}, "y", 2)"#, "{x: 1, y: 2}"),
        (#"context put({x: 1}, "x", 2)"#, "{x: 2}"),
        (#"context put({x: 1, y: 0}, "x", null)"#, "{x: null, y: 0}"),
        (#"context put({x: 1}, ["y", "z"], 2)"#, "{x: 1, y: {z: 2}}"),
        (#"context put({x: 1, y: {a: 1}}, ["y", "z"], 2)"#, "{x: 1, y: {a: 1, z: 2}}"),
        (#"context put({x: 1}, [], 2)"#, "null"),
        (#"context put(context: {x: 1}, key: "y", value: 2)"#, "{x: 1, y: 2}"),
        (#"context put(context: {x: 1}, keys: ["y"], value: 2)"#, "{x: 1, y: 2}"),
        (#"context put({}, "a", {b: 1})"#, "{a: {b: 1}}"),
    ])
    func contextPutAddsOrReplacesAnEntry(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("context merge([{x: 1, y: 0}, {y: 2}])", "{x: 1, y: 2}"),
        ("context merge([{x: 1}, {y: 2}, {z: 3}])", "{x: 1, y: 2, z: 3}"),
        ("context merge({x: 1}, {y: 2})", "{x: 1, y: 2}"),
        ("context merge([])", "{}"),
        ("context merge(contexts: [{a: 1}])", "{a: 1}"),
        ("context merge([{x: 1}, 1])", "null"),
    ])
    func contextMergeLetsLaterEntriesWin(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }
}
