extension JSONValue {
    /// `other` laid over `self`: objects merge member by member, anything else is replaced.
    /// Used for start data + params and for call-activity output mapping.
    public func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(var mine) = self, case .object(let theirs) = other else { return other }
        for (key, value) in theirs {
            mine[key] = mine[key].map { $0.merging(value) } ?? value
        }
        return .object(mine)
    }
}
