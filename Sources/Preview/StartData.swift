import Definitions
import Expressions

/// What a process is started with from JSON — a `POST /processes/{name}/start` body or the
/// catalogue's "Start with data" text: every member is a data path (`applicant.name`, or a
/// nested object) laid over the process's initial data, like Camunda Play's "start with
/// variables"; the declared parameters are read from the same data, so required ones are
/// still checked.
struct StartData {
    /// The data laid over the process's own initial data.
    let seed: JSONValue
    /// The declared parameters found in `seed`.
    let params: [String: JSONValue]

    /// Why the JSON was refused, with where: said back to the person who typed it.
    enum Failure: Error, CustomStringConvertible {
        case json(JSONParseError)
        case notAnObject
        case path(String, DataPathError)

        var description: String {
            switch self {
            case .json(let error): error.description
            case .notAnObject: "the data must be one JSON object, such as {\"amount\": 1200}"
            case .path(let name, let error): "\"\(name)\" is not a data path (\(error.message))"
            }
        }
    }

    init(json bytes: [UInt8], process: ProcessDefinition) throws(Failure) {
        let body: JSONValue
        do { body = try JSONParser.parse(bytes) } catch { throw .json(error) }
        guard case .object(let members) = body else { throw .notAnObject }
        var seed = JSONValue.object([:])
        // Sorted, so `a` then `a.b` lays the deeper value over the shallower one the same way every time.
        for name in members.keys.sorted() where name != "_csrf" { // a JSON post's CSRF member is not data
            let path: DataPath
            do { path = try DataPath(name) } catch { throw .path(name, error) }
            let value = members[name]!
            seed = seed.merging(JSONValue.object([:]).setting(value, at: path))
        }
        var params: [String: JSONValue] = [:]
        for parameter in process.params {
            let value = parameter.key.get(in: seed)
            if value != .null { params[parameter.key.description] = value }
        }
        self.seed = seed
        self.params = params
    }
}

private extension JSONValue {
    func setting(_ value: JSONValue, at path: DataPath) -> JSONValue {
        var copy = self
        path.set(value, in: &copy)
        return copy
    }
}
