import Expressions
import TestSupport
import Testing
@testable import Definitions

@Suite struct TextSubstitution {
    let tags = Tags(byLanguage: ["en": ["hello": "Hello", "greet": "Hi ${name}", "offer": "Hi ${name}, @@hello",
                                        "bye": "Bye ${name}"],
                                 "ro": ["hello": "Bună", "bye": "La revedere"]],
                    defaultLanguage: "en")
    let ana = JSONValue.object(["name": .string("Ana")])

    @Test func aTagIsLookedUpInTheLanguage() {
        #expect(Text("@@hello").resolve(tags, language: "ro", data: .null) == "Bună")
    }

    @Test func aMissingLanguageFallsBackToTheDefaultLanguage() {
        #expect(Text("@@greet").resolve(tags, language: "ro", data: .object(["name": .string("Ana")])) == "Hi Ana")
    }

    @Test func aLanguagesOwnWordsWinOverTheDefaultLanguagesDataReadingOnes() {
        #expect(Text("@@bye").resolve(tags, language: "ro", data: ana) == "La revedere")
        #expect(Text("@@bye").resolve(tags, language: "en", data: ana) == "Bye Ana")
        #expect(Text("@@bye").resolve(tags, language: "fr", data: ana) == "Bye Ana")
    }

    @Test func aTagThatReadsDataIsFilledInsideASentence() {
        #expect(Text("Note: @@greet!").resolve(tags, language: "ro", data: ana) == "Note: Hi Ana!")
    }

    /// What a cache of filled-in texts is keyed by (`FilledMarkdown`): every path whose value
    /// the words show, through the language's tags, and no other.
    @Test func aTextReadsItsOwnPathsAndThoseOfTheTagsItShowsInItsLanguage() throws {
        let text = Text("${age}: @@bye, @@offer")
        #expect(text.paths(tags, language: "en") == [try DataPath("age"), try DataPath("name"), try DataPath("name")])
        #expect(text.paths(tags, language: "ro") == [try DataPath("age"), try DataPath("name")])
    }

    @Test func aTagInsideATagsValueStaysAsWritten() {
        #expect(Text("@@offer").resolve(tags, language: "en", data: ana) == "Hi Ana, @@hello")
        #expect(Text("> @@offer").resolve(tags, language: "en", data: ana) == "> Hi Ana, @@hello")
    }

    @Test func aMissingTagShowsItsKey() {
        #expect(Text("@@nope").resolve(tags, language: "en", data: .null) == "nope")
    }

    @Test func aTrailingDotIsPunctuation() {
        #expect(Text("Say @@hello.").resolve(tags, language: "en", data: .null) == "Say Hello.")
    }

    @Test func pathsAreInterpolatedFromData() {
        let data = JSONValue.object(["client": .object(["name": .string("Ana")]), "n": .number(2400)])
        #expect(Text("Dear ${client.name}, ${n}").resolve(tags, language: "en", data: data) == "Dear Ana, 2400")
    }

    @Test func aMissingPathIsEmpty() {
        #expect(Text("[${missing}]").resolve(tags, language: "en", data: .null) == "[]")
    }

    @Test func textThatReadsDataThroughATagDependsOnData() {
        #expect(Text("@@greet").dependsOnData(tags, language: "en"))
        #expect(!Text("@@hello").dependsOnData(tags, language: "en"))
    }
}

@Suite struct ThemeColours {
    @Test func coloursAcceptThreeSixAndEightHexDigits() {
        #expect(Colour(hex: "#fff")?.description == "#ffffff")
        #expect(Colour(hex: "#0b5cad")?.description == "#0b5cad")
        #expect(Colour(hex: "#0b5cad80")?.alpha == 0x80)
        #expect(Colour(hex: "blue") == nil)
        #expect(Colour(hex: "#12345") == nil)
    }

    @Test func contrastFollowsTheWCAGFormula() throws {
        let black = try #require(Colour(hex: "#000")), white = try #require(Colour(hex: "#fff"))
        #expect(abs(black.contrast(with: white) - 21) < 0.001)
        #expect(abs(white.contrast(with: white) - 1) < 0.001)
    }

    @Test func aBadColourInAThemeIsALoadError() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture" }"#,
            "themes/bad.json": #"{ "name": "bad", "light": { "primary": "red" } }"#,
        ])
        let found = errors(folder)
        #expect(found.contains { $0.file == "themes/bad.json" && $0.pointer == "/light/primary" })
    }

    @Test func everyBuiltInThemeMeetsTheContrastRules() throws {
        let project = try load(RepositoryPaths.examples).get()
        for name in ["default", "high-contrast", "ocean"] {
            let theme = try #require(project.themes[name])
            for palette in [theme.light] + (theme.dark.map { [$0] } ?? []) {
                func ratio(_ a: String, _ b: String) -> Double { palette[a]!.contrast(with: palette[b]!) }
                for text in ["text", "mutedText"] {
                    #expect(ratio(text, "background") >= 4.5, "\(name) \(text)")
                    #expect(ratio(text, "surface") >= 4.5, "\(name) \(text) on surface")
                }
                #expect(ratio("onPrimary", "primary") >= 4.5, "\(name)")
                #expect(ratio("border", "background") >= 3, "\(name)")
                #expect(ratio("focus", "background") >= 3, "\(name)")
            }
        }
    }
}

/// A text asking the clock is filled in on every view, never kept by the values it reads.
@Suite struct TextReadingTheClock {
    @Test func aTextReadsTheClockWhereItsFEELDoesInsertsAndSectionsAlike() {
        #expect(Text.template("Today is {{today()}}").text.readsClock)
        #expect(Text.template("{{#if x}}{{now()}}{{/if}}").text.readsClock)
        #expect(Text.template("{{#if today() > d}}late{{/if}}").text.readsClock)
        #expect(!Text.template("Hi {{name}}, {{#loop items}}{{this}}{{/loop}}").text.readsClock)
        #expect(!Text("Hi ${name}").readsClock)
    }
}
