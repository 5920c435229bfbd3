import Expressions

/// `time` and `datetime-local` inputs. Like the datepicker's: a value the browser's control
/// cannot hold (a refused post, `9:30`, a date that does not exist) would be dropped from it,
/// so it is shown back in a text input, with the expected form as its placeholder.
extension ScreenViewBuilder {
    func fillTemporal(_ view: inout ComponentView, inputType: String) {
        let input = DateInputValues(temporal: view.value, inputType: inputType, placeholder: view.placeholder,
                                    notATime: ui[DateInputValues.placeholderWord(inputType)])
        (view.inputType, view.placeholder, view.spellcheckOff) = (input.inputType, input.placeholder, input.spellcheckOff)
    }
}

extension DateInputValues {
    /// A `time` or `datetime-local` input's, for the general path and the specialized one
    /// alike (`ComponentRequestRule.temporal`): no bounds.
    init(temporal value: String, inputType: String, placeholder: String?, notATime: String) {
        let valid = inputType == "time" ? Self.isTime(Substring(value)) : Self.isDateTime(value)
        guard value.isEmpty || valid else {
            (self.inputType, self.placeholder, spellcheckOff, min, max) = ("text", notATime, true, nil, nil)
            return
        }
        (self.inputType, self.placeholder, spellcheckOff, min, max) = (inputType, placeholder, false, nil, nil)
    }

    /// The interface word naming the form a text input expects instead.
    static func placeholderWord(_ inputType: String) -> String {
        inputType == "time" ? "timePlaceholder" : "dateTimePlaceholder"
    }

    /// `HH:MM` or `HH:MM:SS`, 24-hour, two-digit hours: what a time input holds.
    static func isTime(_ text: Substring) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        return Int(parts[0])! < 24 && parts.dropFirst().allSatisfy { Int($0)! < 60 }
    }

    /// A real date, `T`, then a time as above.
    static func isDateTime(_ text: String) -> Bool {
        let date = text.prefix(10)
        guard text.dropFirst(10).first == "T", CivilDate(iso: String(date))?.description == String(date) else { return false }
        return isTime(text.dropFirst(11))
    }
}

extension Character {
    /// 0–9, not any Unicode digit.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
