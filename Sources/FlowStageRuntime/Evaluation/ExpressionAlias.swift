import Expressions

/// Foundation (Swift 6) also declares `Expression`; this module-level alias makes ours win.
typealias Expression = Expressions.Expression
