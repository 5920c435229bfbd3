import Definitions
import Template

/// Templates read interface words as `{{ui.key}}` (docs/reference/interface-words.md); a key no
/// catalogue has falls back to the enclosing contexts, as any unknown name.
extension Words: TemplateContext {
    public func value(for key: TemplateKey) -> TemplateValue? {
        word(key.text).map(TemplateValue.text)
    }
}
