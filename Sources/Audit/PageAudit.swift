/// Every page rule over one rendered page, in the order the report lists them.
public enum PageAudit {
    public static func check(_ page: PageIndex) -> [Violation] {
        DocumentRules.htmlLang(page) + DocumentRules.pageTitle(page) + DocumentRules.oneH1(page)
            + DocumentRules.headingOrder(page) + DocumentRules.uniqueIDs(page) + DocumentRules.references(page)
            + ControlRules.controlLabels(page) + ControlRules.groups(page) + ControlRules.linkNames(page)
            + ControlRules.buttonNames(page) + ControlRules.imageAlt(page)
    }

    public static func check(html: String) -> [Violation] { check(PageIndex(html: html)) }
}
