/// Tests assert on parsed structure with the audit's own HTML parser, so there is one parser.
@_exported import Audit
