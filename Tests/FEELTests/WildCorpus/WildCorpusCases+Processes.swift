/// The Camunda 8 processes of the corpus (BPMN of camunda8/, without the AI-agent examples):
/// conditions, mappings, scripts, timers and connector headers, each with the data the process
/// has at that point.
extension WildCorpusCases {
    static let processes: [WildCase] = fraudDetection + beerSuggestion + adHocQuestion + riskAnalysis + claimHandling + customerOnboarding + kpiConnector + zeebeChaos

    // Variables that several rows below run with.
    static let taxSubmission = #"{fullName: "Ana Silva", dob: "1985-04-12", totalIncome: 52000, totalExpenses: 61000, charitableDonations: "Red Cross", largePurchases: ["car", "boat"], fraudDetected: true}"#
    static let riskResults = #"{riskResults: [{description: "Big increase in income", score: 40}, {description: "Falling Income and High spending", score: 75}]}"#
    static let drawnAmount = #"{amountResult: {idx: 3, amount: 4200, city: "Berlin", country: "Germany"}}"#
    static let chaosAction = #"{action: {name: "Terminate leader of partition 1", type: "action", provider: {type: "process", path: "zbchaos", arguments: ["terminate", "broker"], timeout: 900}, pauses: {after: 5}}}"#
    static let failedReport = #"{testReport: {failureMessages: [" Action with name: 'Terminate leader' timed out after PT900S."]}, experiment: {title: "Leader restart"}}"#
    static let chaosExperiment = #"{experiment: {title: "Leader restart", description: "Zeebe should survive a leader restart", "steady-state-hypothesis": {title: "Zeebe is alive"}, method: [{name: "Terminate leader"}]}}"#

    // Texts of this section that several rows check.
    static let openAIHeaders = #"if is defined(internal_organization) and internal_organization != null then {"Content-Type":"application/json", "OpenAI-Organization":internal_organization} else {"Content-Type":"application/json"}"#
    static let fraudEmailPrompt = #"""
        "I'd like you opinion on if this hyothetical situation could be be fraud or not." + fullName +" has submitted details of his ecomonic status to a hyotheical government. They are as follow: Date of Birth"+ 
        string(dob) + 
        " Total Income " + string(totalIncome) +
        " Total Expenses " + string(totalExpenses) +
        " Charitable Donations " + charitableDonations +
        " Large purcheses " + string join(largePurchases, ", ") + " can you generate an email to ask for clarification on anything you think is odd about this?"
        """#
    static let openAIMessages = #"append(concatenate(if is defined(internal_systemMessage) then [{"role": "system", "content": internal_systemMessage}] else [], if is defined(internal_chatHistory) then internal_chatHistory else []), {"role": "user", "content": internal_prompt})"#
    static let openAIRequestBody = #"{"model": if is defined(internal_custom_model) then internal_custom_model else internal_model, "messages": internal_messages, "n": number(internal_choices), "temperature": number(internal_temperature)}"#

    /// Fraud Detection Process.bpmn (NPDeehan): an ad-hoc sub-process of AI checks on a tax
    /// submission form (full name, date of birth, income, expenses, donations, large purchases).
    static let fraudDetection: [WildCase] = [
        // The ad-hoc sub-process activates the tasks the AI named.
        .e("tasks", #"{tasks: ["email", "human"]}"#, #"["email", "human"]"#),
        .e("fraudDetected", "{fraudDetected: true}", "true"),
        .e(openAIHeaders,
           #"{internal_organization: "org-camunda"}"#,
           #"{"Content-Type": "application/json", "OpenAI-Organization": "org-camunda"}"#),
        // No organization configured: `is defined` is false, the plain header.
        .e(openAIHeaders, "{}", #"{"Content-Type": "application/json"}"#),
        // The form's date field gives a string; `string()` of it is itself, of a number its digits.
        .e(fraudEmailPrompt,
           taxSubmission,
           #""I'd like you opinion on if this hyothetical situation could be be fraud or not.Ana Silva has submitted details of his ecomonic status to a hyotheical government. They are as follow: Date of Birth1985-04-12 Total Income 52000 Total Expenses 61000 Charitable Donations Red Cross Large purcheses car, boat can you generate an email to ask for clarification on anything you think is odd about this?""#),
        // Donations as a number: `"…" + 250` is no string concatenation (FEEL never converts), the whole prompt is null.
        .e(fraudEmailPrompt,
           #"{fullName: "Ana Silva", dob: "1985-04-12", totalIncome: 52000, totalExpenses: 61000, charitableDonations: 250, largePurchases: ["car", "boat"], fraudDetected: true}"#,
           "null"),
        .e(#"""
            "I'd like your opinion on whether this hypothetical situation could be fraud or not." + fullName + 
            " has submitted details of his economic status to a hypothetical government. They are as follows: Date of Birth " + 
            string(dob) + 
            " Total Income " + string(totalIncome) +
            " Total Expenses " + string(totalExpenses) +
            " Charitable Donations " + charitableDonations +
            " Large purchases " + string join(largePurchases , ", ") + 
            " I'm going to need you to respond strictly in the following format: with nothing more than one, two, or three of the following words separated by commas. 'email' if the person submitting should be asked to clarify anything. Also add 'human' if a human expert could be used in clarifying the submission. If neither option could justify the submission, add the word 'fraud'."
            """#,
           taxSubmission,
           #""I'd like your opinion on whether this hypothetical situation could be fraud or not.Ana Silva has submitted details of his economic status to a hypothetical government. They are as follows: Date of Birth 1985-04-12 Total Income 52000 Total Expenses 61000 Charitable Donations Red Cross Large purchases car, boat I'm going to need you to respond strictly in the following format: with nothing more than one, two, or three of the following words separated by commas. 'email' if the person submitting should be asked to clarify anything. Also add 'human' if a human expert could be used in clarifying the submission. If neither option could justify the submission, add the word 'fraud'.""#),
        .e(#"""
            "I'd like you opinion on if this hyothetical situation could be be fraud or not." + fullName +" has submitted details of his ecomonic status to a hyotheical government. They are as follow: Date of Birth"+ 
            string(dob) + 
            " Total Income " + string(totalIncome) +
            " Total Expenses " + string(totalExpenses) +
            " Charitable Donations " + charitableDonations +
            " Large purcheses " + string join(largePurchases, ", ")
            +" When asked if this was fraud the answer came back as "+ string(fraudDetected) +" If you think this is accurate reply only with 'yes' otherwise reply with 'no'"
            """#,
           taxSubmission,
           #""I'd like you opinion on if this hyothetical situation could be be fraud or not.Ana Silva has submitted details of his ecomonic status to a hyotheical government. They are as follow: Date of Birth1985-04-12 Total Income 52000 Total Expenses 61000 Charitable Donations Red Cross Large purcheses car, boat When asked if this was fraud the answer came back as true If you think this is accurate reply only with 'yes' otherwise reply with 'no'""#),
        .e(openAIMessages,
           #"{internal_systemMessage: "You review tax submissions.", internal_prompt: "Is this fraud?"}"#,
           #"[{role: "system", content: "You review tax submissions."}, {role: "user", content: "Is this fraud?"}]"#),
        .e(openAIMessages,
           #"{internal_chatHistory: [{role: "user", content: "Hi"}, {role: "assistant", content: "Hello"}], internal_prompt: "Is this fraud?"}"#,
           #"[{role: "user", content: "Hi"}, {role: "assistant", content: "Hello"}, {role: "user", content: "Is this fraud?"}]"#),
        // The connector template keeps choices and temperature as text; `number()` reads them.
        .e(openAIRequestBody,
           #"{internal_model: "gpt-4o", internal_messages: [{role: "user", content: "Is this fraud?"}], internal_choices: "1", internal_temperature: "0.2"}"#,
           #"{model: "gpt-4o", messages: [{role: "user", content: "Is this fraud?"}], n: 1, temperature: 0.2}"#),
        .e(openAIRequestBody,
           #"{internal_custom_model: "gpt-4o-mini", internal_model: "gpt-4o", internal_messages: [], internal_choices: "2", internal_temperature: "1"}"#,
           #"{model: "gpt-4o-mini", messages: [], n: 2, temperature: 1}"#),
        .e("{emailBody: response.body.choices[1].message.content}",
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "Dear Ana, please explain the boat."}}]}}}"#,
           #"{emailBody: "Dear Ana, please explain the boat."}"#),
        .e("fullName", #"{fullName: "Ana Silva"}"#, #""Ana Silva""#),
        .e("emailAddress", #"{emailAddress: "ana.silva@example.com"}"#, #""ana.silva@example.com""#),
        .e("emailBody", #"{emailBody: "Dear Ana, please explain the boat."}"#, #""Dear Ana, please explain the boat.""#),
        .e("{response: response.body.choices[1].message.content}",
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "email, human"}}]}}}"#,
           #"{response: "email, human"}"#),
        .e("{finalCheck: response.body.choices[1].message.content}",
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "yes"}}]}}}"#,
           #"{finalCheck: "yes"}"#),
        // The AI answers with task names separated by ", ": the tasks to activate.
        .e(#"split(response, ", ")"#, #"{response: "email, human"}"#, #"["email", "human"]"#),
        .e(#"finalCheck = "yes""#, #"{finalCheck: "yes"}"#, "true"),
        .e(#"finalCheck = "yes""#, #"{finalCheck: "no"}"#, "false"),
    ] + WildCase.constants(
        "false", "true")

    /// Choosing a Beer Style.bpmn (NPDeehan): a start form, a COLLECT decision giving beer styles, and
    /// an e-mail with OpenAI's suggestion.
    static let beerSuggestion: [WildCase] = [
        .e("userName", #"{userName: "Ana"}"#, #""Ana""#),
        .e("email", #"{email: "ana@example.com"}"#, #""ana@example.com""#),
        .e(#""Beer Suggestion for "+userName"#, #"{userName: "Ana"}"#, #""Beer Suggestion for Ana""#),
        .e(#""Can you suggest good beers for " + userName +" in the style of " +  string join(beerStyles,",") + " that can be found in " + location + " when asked if they have any Dietary Requirements, they said " +dietaryReq"#,
           #"{userName: "Ana", beerStyles: ["IPA", "Pale Ale"], location: "Lisbon", dietaryReq: "gluten free"}"#,
           #""Can you suggest good beers for Ana in the style of IPA,Pale Ale that can be found in Lisbon when asked if they have any Dietary Requirements, they said gluten free""#),
        // No style came back (the variable is missing): a missing variable equals null.
        .e("beerStyles = null", "{}", "true"),
        .e("beerStyles = null", #"{beerStyles: ["Stout"]}"#, "false"),
        // An empty list is not null: had the decision returned `[]`, this flow would not be taken.
        .e("beerStyles = null", "{beerStyles: []}", "false"),
        .e(#""Can you suggest a good beverage acoholic beverage for "+ userName + " in " + location + " as an alternative to beer. when asked if they have any Dietary Requirements, they said " +dietaryReq"#,
           #"{userName: "Ana", location: "Lisbon", dietaryReq: "none"}"#,
           #""Can you suggest a good beverage acoholic beverage for Ana in Lisbon as an alternative to beer. when asked if they have any Dietary Requirements, they said none""#),
        .e("{alternative: response.body.choices[1].message.content}",
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "Try a dry cider."}}]}}}"#,
           #"{alternative: "Try a dry cider."}"#),
        .e(#""We Could not come up with a beer for you. " + alternative"#,
           #"{alternative: "Try a dry cider."}"#,
           #""We Could not come up with a beer for you. Try a dry cider.""#),
    ]

    /// Asking Question with Ad-Hoc.bpmn (NPDeehan): an ad-hoc sub-process asking a human, OpenAI or an
    /// expert, with a reminder timer.
    static let adHocQuestion: [WildCase] = [
        .e("tasksToActivate", #"{tasksToActivate: ["ask_openai", "reminder_id"]}"#, #"["ask_openai", "reminder_id"]"#),
        .e("question", #"{question: "What is the capital of Australia?"}"#, #""What is the capital of Australia?""#),
        .e("prompt", #"{prompt: "Answer briefly."}"#, #""Answer briefly.""#),
        .e("{aiResponse: response.body.choices[1].message.content}",
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "Canberra"}}]}}}"#,
           #"{aiResponse: "Canberra"}"#),
        .e(#"lower case(aiResponse) = "expert needed""#, #"{aiResponse: "Expert Needed"}"#, "true"),
        .e(#"lower case(aiResponse) = "expert needed""#, #"{aiResponse: "Canberra"}"#, "false"),
        .e(#""Given the following Question " + question + " and this answer " + humanAnswer + " can you summarize how the question and answer in a single short paragraph. ""#,
           #"{question: "What is the capital of Australia?", humanAnswer: "Canberra"}"#,
           #""Given the following Question What is the capital of Australia? and this answer Canberra can you summarize how the question and answer in a single short paragraph. ""#),
        .e("{humanAnswerSum: response.body.choices[1].message.content}",
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "The capital is Canberra."}}]}}}"#,
           #"{humanAnswerSum: "The capital is Canberra."}"#),
        .e("name", #"{name: "Ana"}"#, #""Ana""#),
        .e(#""A reminder to say that your asked '"+  question + "' you should check for an answer""#,
           #"{question: "What is the capital of Australia?"}"#,
           #""A reminder to say that your asked 'What is the capital of Australia?' you should check for an answer""#),
        // A timer duration as text (Zeebe reads the ISO 8601 string).
        .e(#""PT"+string(reminderMins)+"M""#, "{reminderMins: 15}", #""PT15M""#),
        .e(#""We where given the following quesiton: " + question + " and an expert gave us this answer " + expertAnswer + ". Can you summarize these and give an opinon on their accuracy.""#,
           #"{question: "What is the capital of Australia?", expertAnswer: "Canberra, since 1913."}"#,
           #""We where given the following quesiton: What is the capital of Australia? and an expert gave us this answer Canberra, since 1913.. Can you summarize these and give an opinon on their accuracy.""#),
        .e(#""If you think you can answer this question: " + question + " then return the answer. If you think this might be better answered by an expert on the subject only reply with 'Expert Needed'""#,
           #"{question: "What is the capital of Australia?"}"#,
           #""If you think you can answer this question: What is the capital of Australia? then return the answer. If you think this might be better answered by an expert on the subject only reply with 'Expert Needed'""#),
        // A signal name built from the question.
        .e(#""HelpGiven"+question"#, #"{question: "Q42"}"#, #""HelpGivenQ42""#),
    ]

    /// Risk Analysis.bpmn (NPDeehan): a COLLECT decision scores financial details (a list of
    /// {description, score}); the sum picks the path.
    static let riskAnalysis: [WildCase] = [
        .e("riskRating <= 40", "{riskRating: 40}", "true"),
        .e("riskRating <= 40", "{riskRating: 75}", "false"),
        .e("riskRating >= 100", "{riskRating: 115}", "true"),
        .e("riskRating >= 100", "{riskRating: 75}", "false"),
        // A path on a list of contexts projects it: the scores [40, 75].
        .e("sum(riskResults.score)", riskResults, "115"),
        .e(#"string join(riskResults.description, ", ")"#, riskResults, #""Big increase in income, Falling Income and High spending""#),
        .e(#""Someone has submitted their financial details for a risk assement write a summary of these Findings: " + riskDescriptions + " with detailed suggestions of potential actions for further investigations""#,
           #"{riskDescriptions: "Big increase in income"}"#,
           #""Someone has submitted their financial details for a risk assement write a summary of these Findings: Big increase in income with detailed suggestions of potential actions for further investigations""#),
        .e("{investigationDetails: response.body.choices[1].message.content}",
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "Check the source of the income."}}]}}}"#,
           #"{investigationDetails: "Check the source of the income."}"#),
    ]

    // Texts of this section that several rows check.
    static let autoApprovalFromAI = #"""
        {
          autoApproval: lower case(response.body.choices[1].message.content) = "true"
        }
        
        """#

    /// Claim Handling.bpmn and Claim Notification Letter Extraction.bpmn (claims-processing demo):
    /// a claim letter read by an LLM, a policy looked up over REST, auto approval by decision or OpenAI.
    static let claimHandling: [WildCase] = [
        .e("myid", #"{myid: "claim-0815"}"#, #""claim-0815""#),
        // A variable named like the `date` function: without parentheses it is the variable.
        .e("date", #"{date: "2024-09-23"}"#, #""2024-09-23""#),
        .e("typeOfClaim", #"{typeOfClaim: "Car accident"}"#, #""Car accident""#),
        .e("policyNumber", #"{policyNumber: "POL-123456"}"#, #""POL-123456""#),
        .e("customerInformation",
           #"{customerInformation: {name: "John Doe", email: "john.doe@example.com"}}"#,
           #"{name: "John Doe", email: "john.doe@example.com"}"#),
        .e("additionalInformation", #"{additionalInformation: "Rear-ended at a red light."}"#, #""Rear-ended at a red light.""#),
        .e(#" "https://claim-handling-fakes-617934349805.australia-southeast1.run.app/policy/" + policyNumber"#,
           #"{policyNumber: "POL-123456"}"#,
           #""https://claim-handling-fakes-617934349805.australia-southeast1.run.app/policy/POL-123456""#),
        .e(#"""
            {
               policy: {
                  id: response.body.id,
                  customerId: response.body.customerId,
                  coverageType: response.body.coverageType,
                 startDate: response.body.startDate
                }
            }
            """#,
           #"{response: {status: 200, body: {id: "P-1001", customerId: "C-77", coverageType: "COMPREHENSIVE", startDate: "2023-01-01", premium: 420}}}"#,
           #"{policy: {id: "P-1001", customerId: "C-77", coverageType: "COMPREHENSIVE", startDate: "2023-01-01"}}"#),
        .e(#""camunda::RPA-Task::" + camundaRpaTaskType"#,
           #"{camundaRpaTaskType: "sap-credit-memo"}"#,
           #""camunda::RPA-Task::sap-credit-memo""#),
        .e(#"""
            {
               claim: {
                  date: date,
                  policyId: policy.id,
                  policyType: policy.coverageType
                }
            }
            """#,
           #"{date: "2024-09-23", policy: {id: "P-1001", coverageType: "COMPREHENSIVE"}}"#,
           #"{claim: {date: "2024-09-23", policyId: "P-1001", policyType: "COMPREHENSIVE"}}"#),
        .e("autoApproval", "{autoApproval: true}", "true"),
        .e("not(autoApproval)", "{autoApproval: true}", "false"),
        .e("not(autoApproval)", "{autoApproval: false}", "true"),
        .e("policy.customerId", #"{policy: {id: "P-1001", customerId: "C-77"}}"#, #""C-77""#),
        .e(#"{"CreditMemoRequestType":"CR","SalesOrganization": salesOrg,"DistributionChannel":"10","OrganizationDivision":"00","SoldToParty":"17100002","PurchaseOrderByCustomer":"Claim " + claimNumber + " (via Camunda)","to_Item":[{"CreditMemoRequestItem":"10","Material":"TG11","RequestedQuantity": quantity}]}"#,
           #"{salesOrg: "1710", claimNumber: "CL-2024-0815", quantity: 1}"#,
           #"{CreditMemoRequestType: "CR", SalesOrganization: "1710", DistributionChannel: "10", OrganizationDivision: "00", SoldToParty: "17100002", PurchaseOrderByCustomer: "Claim CL-2024-0815 (via Camunda)", to_Item: [{CreditMemoRequestItem: "10", Material: "TG11", RequestedQuantity: 1}]}"#),
        .e(#"""
            {
               claim: {
                  number: claimNumber,
                  resolution: "PAID"
                }
            }
            """#,
           #"{claimNumber: "CL-2024-0815"}"#,
           #"{claim: {number: "CL-2024-0815", resolution: "PAID"}}"#),
        .e(#"""
            {
               claim: {
                  number: claimNumber,
                  resolution: "REJECTED"
                }
            }
            """#,
           #"{claimNumber: "CL-2024-0815"}"#,
           #"{claim: {number: "CL-2024-0815", resolution: "REJECTED"}}"#),
        .e("manualApproval", "{manualApproval: false}", "false"),
        .e("not(manualApproval)", "{manualApproval: false}", "true"),
        .e("customerInformation.name", #"{customerInformation: {name: "John Doe", email: "john.doe@example.com"}}"#, #""John Doe""#),
        .e("customerInformation.email",
           #"{customerInformation: {name: "John Doe", email: "john.doe@example.com"}}"#,
           #""john.doe@example.com""#),
        .e(#""Decide if the following claim is valid for a car insurance policy: " + additionalInformation + ". Return a single boolean""#,
           #"{additionalInformation: "Rear-ended at a red light"}"#,
           #""Decide if the following claim is valid for a car insurance policy: Rear-ended at a red light. Return a single boolean""#),
        .e(autoApprovalFromAI,
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "True"}}]}}}"#,
           "{autoApproval: true}"),
        .e(autoApprovalFromAI,
           #"{response: {status: 200, body: {id: "chatcmpl-42", choices: [{index: 0, message: {role: "assistant", content: "false"}}]}}}"#,
           "{autoApproval: false}"),
        .e("jsonString", #"{jsonString: "{}"}"#, #""{}""#),
        // A sample letter kept as a constant (its text is the corpus's; only its start, end and length are checked).
        .long(#""Claim Notification Letter  September 24"#, bytes: 1346, fnv1a: 0xd081c28b5f2ab5c7,
              "{}",
              satisfies: #"starts with(value, "Claim Notification Letter  September 24, 2024") and ends with(value, "bernd.it.depends.ruecker@gmail.com ") and string length(value) = 1344"#),
        // `\n` in the literal is a line break.
        .long(#""You will receive extracted text from a "#, bytes: 1409, fnv1a: 0x097eaf6b6b2b018e,
              "{}",
              satisfies: #"starts with(value, "You will receive extracted text from a PDF document.") and ends with(value, "</VAR>\n</EXTRACTION>") and string length(value) = 1385"#),
        .e("modelId", #"{modelId: "meta.llama3-70b-instruct-v1:0"}"#, #""meta.llama3-70b-instruct-v1:0""#),
        // The LLM answers with JSON text; each field is cut out between `"key": "` and the next quote, the value
        // between `"claimValue": ` and the line break. Later entries read `jsonString`, the first entry.
        .e(#"""
            {
             "jsonString": response.messageHistory[2].message,
             "date":  substring before(substring after(jsonString, "\"date\": \""), "\""),
              "typeOfClaim":  substring before(substring after(jsonString, "\"typeOfClaim\": \""), "\""),
              "policyNumber":  substring before(substring after(jsonString, "\"policyNumber\": \""), "\""),
              "customerInformation": {
                "name": substring before(substring after(jsonString, "\"name\": \""), "\""),
                "address": substring before(substring after(jsonString, "\"address\": \""), "\""),
                "phone": substring before(substring after(jsonString, "\"phone\": \""), "\""),
                "email": substring before(substring after(jsonString, "\"email\": \""), "\"")
              }, 
              "additionalInformation":  substring before(substring after(jsonString, "\"additionalInformation\": \""), "\""),
              "claimValue": number(substring before(substring after(jsonString, "\"claimValue\": "), "\n"))
            }
            """#,
           #"{response: {messageHistory: [{role: "user", message: "Extract the claim."}, {role: "assistant", message: "{\n  \"date\": \"2024-09-23\",\n  \"typeOfClaim\": \"Car accident\",\n  \"policyNumber\": \"POL-123456\",\n  \"name\": \"John Doe\",\n  \"address\": \"789 Residential Avenue\",\n  \"phone\": \"(555) 123-4567\",\n  \"email\": \"john.doe@example.com\",\n  \"additionalInformation\": \"Rear-ended at a red light\",\n  \"claimValue\": 1250\n}"}]}}"#,
           #"{jsonString: "{\n  \"date\": \"2024-09-23\",\n  \"typeOfClaim\": \"Car accident\",\n  \"policyNumber\": \"POL-123456\",\n  \"name\": \"John Doe\",\n  \"address\": \"789 Residential Avenue\",\n  \"phone\": \"(555) 123-4567\",\n  \"email\": \"john.doe@example.com\",\n  \"additionalInformation\": \"Rear-ended at a red light\",\n  \"claimValue\": 1250\n}", date: "2024-09-23", typeOfClaim: "Car accident", policyNumber: "POL-123456", customerInformation: {name: "John Doe", address: "789 Residential Avenue", phone: "(555) 123-4567", email: "john.doe@example.com"}, additionalInformation: "Rear-ended at a red light", claimValue: 1250}"#),
        // `"\$"` keeps its backslash (no FEEL escape), a regular expression for a dollar sign.
        .e(#"replace(prompt, "<text>", replace(document, "\$", "USD"))"#,
           #"{prompt: "Extract the claim from: <text>", document: "Repair costs: $1,250."}"#,
           #""Extract the claim from: Repair costs: USD1,250.""#),
    ] + WildCase.constants(
        #""https://drive.google.com/file/d/1-ZCGFw8DiwDWUMI8oJp-QB5zql58FRL1/view?usp=sharing""#,
        #""{{secrets.SENDGRID_API_KEY}}""#, #""{{secrets.OPENAI_API_KEY}}""#, #""meta.llama3-70b-instruct-v1:0""#,
        #""{{secrets.AI_AWS_BEDROCK_ACCESS_KEY}}""#, #""{{secrets.AI_AWS_BEDROCK_SECRET_KEY}}""#)

    /// customer-onboarding-extended.bpmn, customer-scoring.bpmn (springboot-extended onboarding).
    static let customerOnboarding: [WildCase] = [
        .e("(automaticProcessing=false)", "{automaticProcessing: false}", "true"),
        .e("(automaticProcessing=false)", "{automaticProcessing: true}", "false"),
        .e("(automaticProcessing=true)", "{automaticProcessing: true}", "true"),
        .e(" scoringRetryCount <= 5", "{scoringRetryCount: 3}", "true"),
        .e(" scoringRetryCount <= 5", "{scoringRetryCount: 6}", "false"),
        .e(" scoringRetryCount > 5", "{scoringRetryCount: 6}", "true"),
        .e("scoringRequestId", #"{scoringRequestId: "b2c1e9f4"}"#, #""b2c1e9f4""#),
    ]

    // Texts of this section that several rows check.
    static let pathValidationOrCoin = #"""
        if is defined(pathValidation)
        then pathValidation
        else if random number() < 0.5 
        then "ORANGE"
        else "GREEN"
        """#

    /// connector-KPI.bpmn (camunda-8-connector-KPI test process): random data, a weather call, a
    /// decision and the KPI connector's record.
    static let kpiConnector: [WildCase] = [
        .e("[]", "{}", "[]"),
        .e(pathValidationOrCoin, #"{pathValidation: "PINK"}"#, #""PINK""#),
        // Without a value, a coin toss (`random number()`).
        .e(pathValidationOrCoin, "{}", satisfies: #"value in ["ORANGE", "GREEN"]"#),
        .e(#"pathValidation="ORANGE""#, #"{pathValidation: "ORANGE"}"#, "true"),
        .e(#"pathValidation="ORANGE""#, #"{pathValidation: "GREEN"}"#, "false"),
        .e(#"pathValidation="PINK""#, #"{pathValidation: "PINK"}"#, "true"),
        .e("timeToSleep", #"{timeToSleep: "PT23S"}"#, #""PT23S""#),
        // A random whole number of seconds from 10 to 40.
        .e(#""PT" + string(floor(10 + (random number() * 31))) + "S""#,
           "{}",
           satisfies: #"matches(value, "^PT[0-9]+S$") and number(substring(value, 3, string length(value) - 3)) >= 10 and number(substring(value, 3, string length(value) - 3)) <= 40"#),
        .e(#""https://wttr.in/" + city + "?format=j1""#, #"{city: "Berlin"}"#, #""https://wttr.in/Berlin?format=j1""#),
        // The `//` lines are comments.
        .e(#"""
            {
              myResponseBody: response.body
              // Use FEEL to extract values, e.g.,:
              // myUserId: response.body.post.userId
            }
            """#,
           #"{response: {status: 200, body: {current_condition: [{temp_C: "18"}]}}}"#,
           #"{myResponseBody: {current_condition: [{temp_C: "18"}]}}"#),
        // A random place (a number used as a filter is an index) and a random whole amount.
        .e(#"{idx: 1 + floor(random number() * 5), places: [["Paris","France"],["London","UK"],["Berlin","Germany"],["Madrid","Spain"],["Rome","Italy"]], picked: places[idx], amount: floor(1000 + (random number() * 9000)), city: picked[1], country: picked[2]}"#,
           "{}",
           satisfies: "value.idx >= 1 and value.idx <= 5 and value.picked = value.places[value.idx] and value.city = value.picked[1] and value.country = value.picked[2] and value.amount >= 1000 and value.amount <= 9999 and value.amount = floor(value.amount) and count(value.places) = 5"),
        .e("amountResult.amount", drawnAmount, "4200"),
        .e("amountResult.city", drawnAmount, #""Berlin""#),
        .e("amountResult.country", drawnAmount, #""Germany""#),
        .e("connectorError",
           #"{connectorError: {code: "TIMEOUT", message: "Read timed out"}}"#,
           #"{code: "TIMEOUT", message: "Read timed out"}"#),
        // The KPI connector's instructions: 31 constant texts, and two entries computed. `fullAddress` reads the
        // variable `city`, not the entry `city` written after it.
        .long("{\n dateStringUTC:           \"date(second", bytes: 2029, fnv1a: 0x0753d1d6c1a789d0,
              #"{city: "Paris", country: "France", pathValidation: "ORANGE", amount: 2400}"#,
              satisfies: #"value.fullAddress = "Paris France" and value.pathValidation = "ORANGE" and value.city = "variable(city)" and value.amount = "variable(amount)" and value.kpiLabel = "kpi-demo" and value.dateSFO = "date(minute, string, America/Los_Angeles)" and count(get entries(value)) = 33"#),
        .e(" result.kpiRecord", #"{result: {kpiRecord: {kpiLabel: "kpi-demo", amount: 2400}}}"#, #"{kpiLabel: "kpi-demo", amount: 2400}"#),
        .e("applicationId", #"{applicationId: "APP-2024-001"}"#, #""APP-2024-001""#),
    ]

    // Texts of this section that several rows check.
    static let actionTimeout = #"if (is defined(action.provider.timeout)) then "PT" + string(action.provider.timeout) + "S" else "PT1H""#

    /// actionRunner.bpmn, chaosExperiment.bpmn, chaosToolkit.bpmn (zeebe-chaos): chaos experiments
    /// written as chaos toolkit JSON, run step by step.
    static let zeebeChaos: [WildCase] = [
        .e(actionTimeout, chaosAction, #""PT900S""#),
        // No timeout given: an hour.
        .e(actionTimeout, #"{action: {name: "Show topology", provider: {type: "process", path: "zbchaos"}}}"#, #""PT1H""#),
        // The job type of the step: the provider's program.
        .e("action.provider.path", chaosAction, #""zbchaos""#),
        .e(" action.provider", chaosAction, #"{type: "process", path: "zbchaos", arguments: ["terminate", "broker"], timeout: 900}"#),
        .e(#"duration("PT" + string(action.pauses.after) + "S")"#, chaosAction, "PT5S"),
        .e("is defined(action.pauses)", chaosAction, "true"),
        .e("is defined(action.pauses)", #"{action: {name: "Show topology", provider: {path: "zbchaos"}}}"#, "false"),
        .e(#"append(testReport.failureMessages, (" Action with name: '" + action.name + "' timed out after " + timeout + "."))"#,
           #"{testReport: {failureMessages: []}, action: {name: "Terminate leader"}, timeout: "PT900S"}"#,
           #"[" Action with name: 'Terminate leader' timed out after PT900S."]"#),
        .e(" false", "{}", "false"),
        .e("duration(timeout)", #"{timeout: "PT900S"}"#, "PT15M"),
        .e("steadyState.probes",
           #"{steadyState: {title: "Zeebe is alive", probes: [{name: "All pods should be ready", type: "probe", provider: {type: "process", path: "zbchaos"}}]}}"#,
           #"[{name: "All pods should be ready", type: "probe", provider: {type: "process", path: "zbchaos"}}]"#),
        .e("successfulRun = false", "{successfulRun: false}", "true"),
        .e("successfulRun = false", "{successfulRun: true}", "false"),
        .e("method", #"{method: [{name: "Terminate leader", type: "action"}]}"#, #"[{name: "Terminate leader", type: "action"}]"#),
        .e(#"append(testReport.failureMessages, (" Chaos experiment '" + experiment.title + "' failed."))"#,
           failedReport,
           #"[" Action with name: 'Terminate leader' timed out after PT900S.", " Chaos experiment 'Leader restart' failed."]"#),
        .e(#"append(testReport.failureMessages, (" Chaos experiment " + experiment.title + " failed."))"#,
           failedReport,
           #"[" Action with name: 'Terminate leader' timed out after PT900S.", " Chaos experiment Leader restart failed."]"#),
        .e(" true", "{}", "true"),
        // Milliseconds since the epoch at the fixed `now()`, 2024-06-01T00:00:00Z (1,717,200,000 s). feel-scala reads
        // a date and time without seconds (`T00:00Z`).
        .e(#"((now() - date and time("1970-01-01T00:00Z")) / duration("PT1S")) * 1000"#, "{}", "1717200000000"),
        .e("experiments",
           #"{experiments: [{title: "Leader restart"}, {title: "Follower restart"}]}"#,
           #"[{title: "Leader restart"}, {title: "Follower restart"}]"#),
        .e("experiment.title", chaosExperiment, #""Leader restart""#),
        .e("experiment.description", chaosExperiment, #""Zeebe should survive a leader restart""#),
        // A backquoted name holds the dashes of the JSON key.
        .e("experiment.`steady-state-hypothesis`", chaosExperiment, #"{title: "Zeebe is alive"}"#),
        .e("experiment.method", chaosExperiment, #"[{name: "Terminate leader"}]"#),
        .e("successfulExperiment = false", "{successfulExperiment: false}", "true"),
        .e(#"append(testReport.failureMessages, (" Experiment failed for cluster plan: '" + clusterPlan + "' against cluster '" + clusterName + "' (" + clusterId + ")."))"#,
           #"{testReport: {failureMessages: []}, clusterPlan: "Production - S", clusterName: "chaos-1", clusterId: "4a5b-6c7d"}"#,
           #"[" Experiment failed for cluster plan: 'Production - S' against cluster 'chaos-1' (4a5b-6c7d)."]"#),
        .e(" 1", "{}", "1"),
    ] + WildCase.constants(
        #""PASSED""#, #""FAILED""#)
}
