import Testing
@testable import Import
