/// The AI-agent examples of the corpus, part one (Agentic-Patterns-In-BPMN, a2a-and-mcp-playground):
/// prompts, tool calls and their results, channels and the loan process.
extension WildCorpusCases {
    static let agents1: [WildCase] = agenticPatterns + bankingAgents + loanAgents

    // Variables that several rows below run with.
    static let emailCase = #"{supportCase: {subject: "Card blocked", request: "My card was blocked after a trip abroad.", communicationContext: {channel: "email", channelId: null, emailAddress: "ana.silva@example.com", conversationId: "<CAF=42@mail.example.com>"}}}"#
    static let finishedAgent = #"{agent: {context: {state: "READY", metrics: {modelCalls: 3, tokenUsage: {inputTokenCount: 1200, outputTokenCount: 300}}}, responseMessage: "Your card is unblocked.", responseText: "Your card is unblocked."}}"#
    static let receivedEmail = #"{currentEmail: {messageId: "<m-1@mail.example.com>", fromAddress: "ana.silva@example.com", subject: "Card blocked", plainTextBody: "Hi, my card is blocked."}}"#
    static let chatMessage = #"{message: {id: "msg-3", parts: [{type: "text", content: "Hi"}, {type: "text", content: "Is my card blocked?"}]}, channelUUID: "ch-1", conversationUUID: "conv-9"}"#
    static let chatCase = #"{supportCase: {subject: "Chat", communicationContext: {channel: "chat", channelId: "ch-1", conversationId: "conv-9", correlationId: "+4917612345678"}}}"#
    static let getVocalRequest = #"{request: {body: {customerRequest: "Is my card blocked?", customerId: "42", conversationId: "conv-9", email: "ana.silva@example.com"}}}"#
    static let emailChannel = #"{communicationContext: {channel: "email", channelId: "ch-1", emailAddress: "ana.silva@example.com", conversationId: "<m-1@mail.example.com>", lastMessageId: "msg-3", from: "whatsapp:+4917612345678", correlationId: "CA42"}, communicationContent: {subject: "RE: Card blocked", text: "Your card is unblocked."}}"#
    static let loanApplication = #"{loanApplication: {customerId: "C-1042", firstName: "Ana", lastName: "Silva", newCustomer: false, emailAddress: "ana.silva@example.com", requestedTerm: "60", amountRequested: "25000"}}"#
    static let acceptedByTaktile = #"{taktileResult: {status: 200, body: {data: {decision: "Accept", limit: 25000}, metadata: {decision_url: "https://app.taktile.com/decisions/d-1"}}}}"#

    // Texts of this section that several rows check.
    static let hubSpotBaseURL = #"if list contains(["post-api.hsforms.com/submissions"], operationType) then "https://api.hsforms.com" else if list contains(["post-/automation/v2/workflows/{workflowId}/enrollments/contacts"], operationType) then "https://api.hubapi.com" else "https://api.hubspot.com""#
    static let hubSpotPaging = #"if afterId != null then {"after": afterId, "limit": 100} else {"limit": 100}"#
    static let contextWindowSize = "if is defined(data.memory.contextWindowSize) then data.memory.contextWindowSize else 20"

    /// Agentic-Patterns-In-BPMN (NPDeehan): an AI agent calling HubSpot tools, with self-reflection and a
    /// human in the loop; agent settings as constants.
    static let agenticPatterns: [WildCase] = [
        .e("toolCall.method", #"{toolCall: {method: "GET", params: {limit: 10}}}"#, #""GET""#),
        .e("toolCall.params", #"{toolCall: {method: "GET", params: {limit: 10}}}"#, "{limit: 10}"),
        .e(hubSpotBaseURL, #"{operationType: "post-api.hsforms.com/submissions"}"#, #""https://api.hsforms.com""#),
        .e(hubSpotBaseURL,
           #"{operationType: "post-/automation/v2/workflows/{workflowId}/enrollments/contacts"}"#,
           #""https://api.hubapi.com""#),
        .e(hubSpotBaseURL, #"{operationType: "get-/crm/v3/objects/contacts"}"#, #""https://api.hubspot.com""#),
        // The next page of contacts.
        .e(hubSpotPaging, #"{afterId: "151"}"#, #"{after: "151", limit: 100}"#),
        // The first page: no cursor yet.
        .e(hubSpotPaging, "{}", "{limit: 100}"),
        .e(" baseUrl + operationPath",
           #"{baseUrl: "https://api.hubspot.com", operationPath: "/crm/v3/objects/contacts"}"#,
           #""https://api.hubspot.com/crm/v3/objects/contacts""#),
        .e("agent.context",
           finishedAgent,
           #"{state: "READY", metrics: {modelCalls: 3, tokenUsage: {inputTokenCount: 1200, outputTokenCount: 300}}}"#),
        .e(contextWindowSize, "{data: {memory: {contextWindowSize: 50}}}", "50"),
        // The element template's default when no memory setting is given.
        .e(contextWindowSize, "{}", "20"),
    ] + WildCase.constants(
        #""/crm/v3/objects/contacts""#, "{}", "587", "3", "5000", "0.2", "0.1", "20", "50", "10", "5", "80", "500")

    // Texts of this section that several rows check.
    static let replyHeaders = #"""
        if communicationContext.conversationId != null then 
          { "In-Reply-To": communicationContext.conversationId } 
        else 
          {}
        """#

    /// account-support-agent.bpmn, banking-support-agent.bpmn, customer-communication-*.bpmn and
    /// noop.bpmn (a2a-and-mcp-playground): a routing agent, specialist agents, e-mail and chat channels.
    static let bankingAgents: [WildCase] = [
        // The system prompt, a constant (its text is the corpus's).
        .long(#""You are a helpful account support agent"#, bytes: 1151, fnv1a: 0xbe844c3b8e27baca,
              "{}",
              satisfies: #"starts with(value, "You are a helpful account support agent ") and ends with(value, "rmCustomer in this run first.\n") and string length(value) = 1143"#),
        .e("supportCase.request", emailCase, #""My card was blocked after a trip abroad.""#),
        .e("agent",
           #"{agent: {responseText: "Done.", context: {state: "READY"}}}"#,
           #"{responseText: "Done.", context: {state: "READY"}}"#),
        // The ad-hoc sub-process's output element: one tool call's result for the agent.
        .e(#"""
            {
              id: toolCall._meta.id,
              name: toolCall._meta.name,
              content: toolCallResult
            }
            """#,
           #"{toolCall: {_meta: {id: "call_1", name: "Tool_AskCustomer"}, emailText: "Which card?"}, toolCallResult: {status: "success"}}"#,
           #"{id: "call_1", name: "Tool_AskCustomer", content: {status: "success"}}"#),
        // `fromAi` marks what the LLM fills in; evaluated, it is its first argument.
        .e(#"fromAi(toolCall.requestToHuman, "Describe what you need advise on from a specialist", "string")"#,
           #"{toolCall: {requestToHuman: "Is a fee refund allowed?"}}"#,
           #""Is a fee refund allowed?""#),
        .e("responseToRequest", #"{responseToRequest: "Yes, refund it."}"#, #""Yes, refund it.""#),
        .e("knowledgeBaseDecision", #"{knowledgeBaseDecision: "yes"}"#, #""yes""#),
        .e("taking_full_control", "{taking_full_control: false}", "false"),
        .e("supportCase.communicationContext",
           emailCase,
           #"{channel: "email", channelId: null, emailAddress: "ana.silva@example.com", conversationId: "<CAF=42@mail.example.com>"}"#),
        .e(#"""
            {
              "subject": "RE: " + supportCase.subject,
              "text": fromAi(toolCall.emailText, "The text to ask the customer as plain text")
            }
            """#,
           #"{supportCase: {subject: "Card blocked", request: "My card was blocked after a trip abroad.", communicationContext: {channel: "email", channelId: null, emailAddress: "ana.silva@example.com", conversationId: "<CAF=42@mail.example.com>"}}, toolCall: {emailText: "Which card is blocked?"}}"#,
           #"{subject: "RE: Card blocked", text: "Which card is blocked?"}"#),
        .e("communicationResult",
           #"{communicationResult: {status: "success", text: "The one ending 1234."}}"#,
           #"{status: "success", text: "The one ending 1234."}"#),
        .e(#"""
            {
              "subject": "RE: " + supportCase.subject,
              "text": fromAi(toolCall.response, "The text information for the customer, probably the case resolution")
            }
            """#,
           #"{supportCase: {subject: "Card blocked", request: "My card was blocked after a trip abroad.", communicationContext: {channel: "email", channelId: null, emailAddress: "ana.silva@example.com", conversationId: "<CAF=42@mail.example.com>"}}, toolCall: {response: "Your card is unblocked."}}"#,
           #"{subject: "RE: Card blocked", text: "Your card is unblocked."}"#),
        .e(#"""
            {
              "responseText": agent.responseText
            }
            """#,
           finishedAgent,
           #"{responseText: "Your card is unblocked."}"#),
        .long("\"\nYou are the routing agent for Camunda ", bytes: 2254, fnv1a: 0x59b8589895e05508,
              "{}",
              satisfies: #"starts with(value, "\nYou are the routing agent for Camunda B") and ends with(value, "? If yes → Tool_OtherInquiry.\n") and string length(value) = 2236"#),
        // `put` is Camunda's old name of `context put`: the request is replaced (the entries' order is not checked).
        .e(#"put(supportCase, "request", fromAi(toolCall.userInquiry, "The relevant user request as extracted from the email for this agent using the original customer wording"))"#,
           #"{supportCase: {subject: "Card blocked", request: "My card was blocked after a trip abroad.", communicationContext: {channel: "email", channelId: null, emailAddress: "ana.silva@example.com", conversationId: "<CAF=42@mail.example.com>"}}, toolCall: {userInquiry: "Please unblock my card."}}"#,
           satisfies: #"value.request = "Please unblock my card." and value.subject = "Card blocked" and value.communicationContext.channel = "email" and count(get entries(value)) = 3"#),
        .e("response", "{response: {status: 200}}", "{status: 200}"),
        // An A2A JSON-RPC request to the card agent.
        .e(#"""
             {
              "jsonrpc": "2.0",
              "id": "475478",
              "method": "message/send",
              "params": {
                "message": {
                  "messageId": "m-123",
                  "role": "user",
                  "parts": [
                    { "text": fromAi(toolCall.creditCardAgentIstructions, "The instructions/prompt for the card agent") }
                  ]
                }
              }
            }
            """#,
           #"{toolCall: {creditCardAgentIstructions: "Unblock the card ending 1234."}}"#,
           #"{jsonrpc: "2.0", id: "475478", method: "message/send", params: {message: {messageId: "m-123", role: "user", parts: [{text: "Unblock the card ending 1234."}]}}}"#),
        .e(#"""
            {
              "subject": "RE: " + supportCase.subject,
              "text": fromAi(toolCall.response, "The text response to reply to the customer")
            }
            """#,
           #"{supportCase: {subject: "Card blocked", request: "My card was blocked after a trip abroad.", communicationContext: {channel: "email", channelId: null, emailAddress: "ana.silva@example.com", conversationId: "<CAF=42@mail.example.com>"}}, toolCall: {response: "Done."}}"#,
           #"{subject: "RE: Card blocked", text: "Done."}"#),
        .e(#"fromAi(toolCall.customerNotification, "A text information for the customer that his inquiry gets routed to a human to resolve")"#,
           #"{toolCall: {customerNotification: "A colleague will contact you."}}"#,
           #""A colleague will contact you.""#),
        .e(#"fromAi(toolCall.requestToHuman, "Describe what the specialist needs to do for the customer. Summarize in your own words - ideally easy to get bullet points, but attach the original customer request below for reference", "string")"#,
           #"{toolCall: {requestToHuman: "- unblock card 1234"}}"#,
           #""- unblock card 1234""#),
        .e(#"""
            {
              "subject": "RE: " + supportCase.subject,
              "text": customerNote
            }
            """#,
           #"{supportCase: {subject: "Card blocked", request: "My card was blocked after a trip abroad.", communicationContext: {channel: "email", channelId: null, emailAddress: "ana.silva@example.com", conversationId: "<CAF=42@mail.example.com>"}}, customerNote: "We are on it."}"#,
           #"{subject: "RE: Card blocked", text: "We are on it."}"#),
        // An answer to an earlier mail: not a new conversation.
        .e(#"is empty(headers[key = "In-Reply-To"])"#,
           #"{headers: [{key: "From", value: "ana.silva@example.com"}, {key: "In-Reply-To", value: "<reply-7@mail.example.com>"}]}"#,
           "false"),
        .e(#"is empty(headers[key = "In-Reply-To"])"#, #"{headers: [{key: "From", value: "ana.silva@example.com"}]}"#, "true"),
        .e(#"not(is empty(headers[key = "In-Reply-To"]))"#,
           #"{headers: [{key: "From", value: "ana.silva@example.com"}, {key: "In-Reply-To", value: "<reply-7@mail.example.com>"}]}"#,
           "true"),
        .e(#"headers[key = "In-Reply-To"][1].value"#,
           #"{headers: [{key: "From", value: "ana.silva@example.com"}, {key: "In-Reply-To", value: "<reply-7@mail.example.com>"}]}"#,
           #""<reply-7@mail.example.com>""#),
        .e("currentEmail",
           receivedEmail,
           #"{messageId: "<m-1@mail.example.com>", fromAddress: "ana.silva@example.com", subject: "Card blocked", plainTextBody: "Hi, my card is blocked."}"#),
        .e("currentEmail.plainTextBody", receivedEmail, #""Hi, my card is blocked.""#),
        .e(#"""
            {
                "subject": currentEmail.subject,
                "request": currentEmail.plainTextBody,
                "communicationContext": {
                    "channel" : "email",
                    "emailAddress": currentEmail.fromAddress,
                    "conversationId": currentEmail.messageId
                }
            }
            """#,
           receivedEmail,
           #"{subject: "Card blocked", request: "Hi, my card is blocked.", communicationContext: {channel: "email", emailAddress: "ana.silva@example.com", conversationId: "<m-1@mail.example.com>"}}"#),
        // A test start with example data.
        .e(#"""
            {
                "subject": "Help",
                "request": "Whats my account details. Customer id is 42",
                "originalMessageInFull": "",
                "communicationContext": {
                    "channel" : "email",
                    "channelId": "<UUID of the channel>",
                    "emailAddress": "bernd.it.depends.ruecker@gmail.com",
                    "conversationId": null
                }
            }
            """#,
           "{}",
           #"{subject: "Help", request: "Whats my account details. Customer id is 42", originalMessageInFull: "", communicationContext: {channel: "email", channelId: "<UUID of the channel>", emailAddress: "bernd.it.depends.ruecker@gmail.com", conversationId: null}}"#),
        .e(#"""
            {
                "subject": "Chat Request",
                "request": customerRequest,
                "originalMessageInFull": customerRequest,
                "communicationContext": {
                    "channel" : "voice",
                    "emailAddress": "bernd.it.depends.ruecker@gmail.com",
                    "conversationId": conversationId
                }
            }
            """#,
           #"{customerRequest: "Is my card blocked?", conversationId: "conv-9"}"#,
           #"{subject: "Chat Request", request: "Is my card blocked?", originalMessageInFull: "Is my card blocked?", communicationContext: {channel: "voice", emailAddress: "bernd.it.depends.ruecker@gmail.com", conversationId: "conv-9"}}"#),
        // `{{secrets.…}}` is replaced by the connector runtime, after FEEL: to FEEL it is text.
        .e(#"""
            {
              useSSL:true, 
              user: "postgres", 
              password:"{{secrets.POSTGRESQL_MASTER_PASSWORD}}"
            }
            """#,
           "{}",
           #"{useSSL: true, user: "postgres", password: "{{secrets.POSTGRESQL_MASTER_PASSWORD}}"}"#),
        .e("{email: supportCase.communicationContext.emailAddress}", emailCase, #"{email: "ana.silva@example.com"}"#),
        .e(#"context put(supportCase, ["customer"], customerData)"#,
           #"{supportCase: {subject: "Card blocked", request: "Unblock it."}, customerData: {id: 42, name: "Ana Silva"}}"#,
           #"{subject: "Card blocked", request: "Unblock it.", customer: {id: 42, name: "Ana Silva"}}"#),
        .e(#"""
            {
              customerData: response.resultSet[1]
            }
            """#,
           #"{response: {resultSet: [{id: 42, name: "Ana Silva", email: "ana.silva@example.com"}]}}"#,
           #"{customerData: {id: 42, name: "Ana Silva", email: "ana.silva@example.com"}}"#),
        // The last part is the request; all parts' contents (a path on a list) joined.
        .e(#"""
            {
                "subject": "Chat Request",
                "request": message.parts[count(message.parts)].content,
                "originalMessageInFull": string join(message.parts.content, "; "),
                "communicationContext": {
                    "channel" : "chat",
                    "channelId": channelUUID,
                    "emailAddress": "bernd.it.depends.ruecker@gmail.com",
                    "conversationId": conversationUUID,
                    "lastMessageId": message.id
                }
            }
            """#,
           chatMessage,
           #"{subject: "Chat Request", request: "Is my card blocked?", originalMessageInFull: "Hi; Is my card blocked?", communicationContext: {channel: "chat", channelId: "ch-1", emailAddress: "bernd.it.depends.ruecker@gmail.com", conversationId: "conv-9", lastMessageId: "msg-3"}}"#),
        .e("message",
           chatMessage,
           #"{id: "msg-3", parts: [{type: "text", content: "Hi"}, {type: "text", content: "Is my card blocked?"}]}"#),
        .e("supportCase.communicationContext.channelId", chatCase, #""ch-1""#),
        .e("supportCase.communicationContext.conversationId", chatCase, #""conv-9""#),
        .e("supportCase.communicationContext.correlationId", chatCase, #""+4917612345678""#),
        .e(#"{"type": "bearer", "token": authToken}"#, #"{authToken: "tok-123"}"#, #"{type: "bearer", token: "tok-123"}"#),
        // A new message id each time (`uuid()`).
        .e(#"apiBaseUrl + "channels/" + channelUUID + "/conversations/" + conversationUUID + "/messages/" + uuid()"#,
           #"{apiBaseUrl: "https://chat.example.com/api/", channelUUID: "ch-1", conversationUUID: "conv-9"}"#,
           satisfies: #"starts with(value, "https://chat.example.com/api/channels/ch-1/conversations/conv-9/messages/") and string length(value) = 109 and matches(substring(value, 74), "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")"#),
        .e(#"{"senderUsername":"Camunda","parts":[{"type": messageType, "content": content, "position": 0}]}"#,
           #"{messageType: "text", content: "Your card is unblocked."}"#,
           #"{senderUsername: "Camunda", parts: [{type: "text", content: "Your card is unblocked.", position: 0}]}"#),
        .e(#"""
            {
              customerRequest: request.body.customerRequest,
              customerId: request.body.customerId,
              conversationId: request.body.conversationId,
              customerEmail: request.body.email
            }
            """#,
           getVocalRequest,
           #"{customerRequest: "Is my card blocked?", customerId: "42", conversationId: "conv-9", customerEmail: "ana.silva@example.com"}"#),
        .e(#"""
            {
                "subject": "Voice Request",
                "request": customerRequest,
                "originalMessageInFull": customerRequest,
                "communicationContext": {
                    "channel" : "getVocal",
                    "emailAddress": "bernd.it.depends.ruecker@gmail.com",
                    "conversationId": conversationId    }
            }
            """#,
           #"{customerRequest: "Is my card blocked?", conversationId: "conv-9"}"#,
           #"{subject: "Voice Request", request: "Is my card blocked?", originalMessageInFull: "Is my card blocked?", communicationContext: {channel: "getVocal", emailAddress: "bernd.it.depends.ruecker@gmail.com", conversationId: "conv-9"}}"#),
        .e("communicationContext.emailAddress", emailChannel, #""ana.silva@example.com""#),
        .e(replyHeaders, emailChannel, #"{"In-Reply-To": "<m-1@mail.example.com>"}"#),
        // A new conversation: no reply header.
        .e(replyHeaders, #"{communicationContext: {channel: "email", conversationId: null}}"#, "{}"),
        .e("communicationContent.subject", emailChannel, #""RE: Card blocked""#),
        .e("communicationContent.text", emailChannel, #""Your card is unblocked.""#),
        .e(#"communicationContext.channel = "email""#, emailChannel, "true"),
        .e(#"communicationContext.channel = "chat""#, emailChannel, "false"),
        .e(#"communicationContext.channel = "getVocal""#, #"{communicationContext: {channel: "getVocal"}}"#, "true"),
        .e(#"communicationContext.channel = "whatsApp""#, #"{communicationContext: {channel: "whatsApp"}}"#, "true"),
        .e(#"communicationContext.channel = "voice""#, emailChannel, "false"),
        .e(#"""
            {
              status: "success"
            }
            """#,
           "{}",
           #"{status: "success"}"#),
        .e(#"""
            {
              "status": "success"
            }
            """#,
           "{}",
           #"{status: "success"}"#),
        .e(#"""
            {
              status: "timeout"
            }
            """#,
           "{}",
           #"{status: "timeout"}"#),
        .e("clerkResponse", #"{clerkResponse: "Approved by the back office."}"#, #""Approved by the back office.""#),
        .e("communicationContext.channelId", emailChannel, #""ch-1""#),
        .e("communicationContext.conversationId", emailChannel, #""<m-1@mail.example.com>""#),
        .e("communicationContext.from", emailChannel, #""whatsapp:+4917612345678""#),
        .e("communicationContext.mobilePhone",
           #"{communicationContext: {channel: "whatsApp", mobilePhone: "+4917612345678"}}"#,
           #""+4917612345678""#),
        .e(#"""
            {
              conversationId: communicationContext.conversationId,
              answer: communicationContent.text
            }
            """#,
           emailChannel,
           #"{conversationId: "<m-1@mail.example.com>", answer: "Your card is unblocked."}"#),
        // A correlation key read from the variable `x`.
        .e("x", #"{x: "case-42"}"#, #""case-42""#),
        .e(#"""
            {
              status: "success",
              email: responseEmail,
              text: responseEmail.plainTextBody
            }
            """#,
           #"{responseEmail: {messageId: "<r-1@mail.example.com>", plainTextBody: "It is the card ending 1234."}}"#,
           #"{status: "success", email: {messageId: "<r-1@mail.example.com>", plainTextBody: "It is the card ending 1234."}, text: "It is the card ending 1234."}"#),
        .e(#"""
            {
              "status": "success",  
              "text": clerkResponse
            }
            """#,
           #"{clerkResponse: "Approved."}"#,
           #"{status: "success", text: "Approved."}"#),
        // The part before the last.
        .e(#"""
            {
              status: "success",
              chat: message,
              text: message.parts[count(message.parts)-1].content
            }
            """#,
           #"{message: {id: "msg-5", parts: [{content: "It is 1234."}, {content: "(sent from mobile)"}]}}"#,
           #"{status: "success", chat: {id: "msg-5", parts: [{content: "It is 1234."}, {content: "(sent from mobile)"}]}, text: "It is 1234."}"#),
        .e("not(communicationContext.lastMessageId = message.id)",
           #"{communicationContext: {lastMessageId: "msg-3"}, message: {id: "msg-5"}}"#,
           "true"),
        .e("communicationContext.lastMessageId = message.id",
           #"{communicationContext: {lastMessageId: "msg-3"}, message: {id: "msg-3"}}"#,
           "true"),
        .e("request.body.conversationId", getVocalRequest, #""conv-9""#),
        .e(#"""
            {
              customerResponse: request.body.customerResponse
            }
            """#,
           #"{request: {body: {customerResponse: "Yes, please."}}}"#,
           #"{customerResponse: "Yes, please."}"#),
        .e("ourReplyEmail.messageId", #"{ourReplyEmail: {messageId: "<r-1@mail.example.com>"}}"#, #""<r-1@mail.example.com>""#),
    ] + WildCase.constants(
        #""email""#, #""Thank you for your message - let me sort this out for you...""#, #""Please provide your response""#,
        #""Thinking...""#, #""0815""#)

    // Texts of this section that several rows check.
    static let taktilePayload = #"""
        {
          data: taktileFlowPayload,
          version: if taktileFlowVersion != "" then {
            version: taktileFlowVersion
            } else {},
          entityId: 
          if taktileFlowEntityId != "" then {
            entity_id: taktileFlowEntityId
            } else {},
          control: {
            control:{
            execution_mode: taktileFlowExecutionMode
            }
          },
          metadata: {
            metadata: context merge(version, entityId)
            },
          taktilePayload: context merge(data, metadata, control)
        }.taktilePayload
        """#
    static let rpaTaskType = #"""
        {
          label: if (camundaRpaWorkerLabel = null or camundaRpaWorkerLabel = "") then "default" else camundaRpaWorkerLabel,
          baseName: "camunda::RPA-Task::",
          definitionType: baseName + label
        }.definitionType
        """#
    static let loanPayment = #"""
        {
          "monthlyInterestRate": interestRate / 12 / 100,
          "monthlyPayment": (loanAmount * monthlyInterestRate) / (1 - (1 + monthlyInterestRate)**-loanTermInMonths),
          "annualPayment": monthlyPayment * 12,
          "affordable": yearlySalary * 0.33 > annualPayment
        }
        """#
    static let indexNotFoundError = #"if contains(error.message, "index_not_found") then bpmnError("index_not_found", "The index does not exist") else null"#

    /// loan-application.bpmn, loan-support-agent.bpmn, example.bpmn (a2a-and-mcp-playground): a loan
    /// support agent, an underwriting decision at Taktile, an LLM judge of the agent's work.
    static let loanAgents: [WildCase] = [
        .e(#" approved = true or approved = "true""#, "{approved: true}", "true"),
        // The form may give text: `"true" = true` is null (not comparable), `"true" = "true"` is true.
        .e(#" approved = true or approved = "true""#, #"{approved: "true"}"#, "true"),
        // `false = "true"` compares a boolean with a string: null, and `false or null` is null. The condition gives
        // no boolean for a rejection (Zeebe would raise an incident).
        .e(#" approved = true or approved = "true""#, "{approved: false}", "null"),
        .e(#"not( approved = true or approved = "true")"#, "{approved: true}", "false"),
        // The same null as above, negated: still null.
        .e(#"not( approved = true or approved = "true")"#, "{approved: false}", "null"),
        .e(#"""
            {
              riskClass: "B",
              riskAssesment: "No risks specific discovered, fair customer history, payback realistic",
              approval: true
            }
            """#,
           "{}",
           #"{riskClass: "B", riskAssesment: "No risks specific discovered, fair customer history, payback realistic", approval: true}"#),
        .e("output", #"{output: {riskClass: "B", approval: true}}"#, #"{riskClass: "B", approval: true}"#),
        .e("communicationContext",
           #"{communicationContext: {channel: "email", emailAddress: "ana.silva@example.com"}}"#,
           #"{channel: "email", emailAddress: "ana.silva@example.com"}"#),
        .e(#"""
            {
              "subject": "Your loan application",
              "text": "Good news! Your loan was approved. We will start the eletronic signing via email shortly. Thanks for your trust in Camunda Bank!"
            }
            """#,
           "{}",
           #"{subject: "Your loan application", text: "Good news! Your loan was approved. We will start the eletronic signing via email shortly. Thanks for your trust in Camunda Bank!"}"#),
        // Taktile's request: the application's fields (the amounts from text), mocked reports under keys with spaces.
        .long("{\n  data: {\n    uuid: \"282a839e-d68d-473", bytes: 3195, fnv1a: 0x0743116d95491be5,
              loanApplication,
              satisfies: #"value.data.first_name = "Ana" and value.data.last_name = "Silva" and value.data.new_customer = false and value.data.requested_term = 60 and value.data.amount_requested = 25000 and value.data.date_of_birth = date("1988-03-14") and get value(value.mock_data, "Get Experian Consumer Credit Report").insights.retrieval_datetime = date and time("2025-05-28T16:43:41.637Z") and value.metadata.version = "v1.0" and value.control.execution_mode = "sync" and count(get entries(value.mock_data)) = 2"#),
        .e(#""{{secrets.TAKTILE_API_ROOT_URL}}" + taktileFlowSlug + "{{secrets.TAKTILE_ENVIRONMENT_URL_PART}}""#,
           #"{taktileFlowSlug: "loan-underwriting"}"#,
           #""{{secrets.TAKTILE_API_ROOT_URL}}loan-underwriting{{secrets.TAKTILE_ENVIRONMENT_URL_PART}}""#),
        // The payload's entries merged with the metadata and control; an empty entity id adds nothing.
        .e(taktilePayload,
           #"{taktileFlowPayload: {data: {first_name: "Ana", amount_requested: 25000}}, taktileFlowVersion: "v3", taktileFlowEntityId: "", taktileFlowExecutionMode: "sync"}"#,
           #"{data: {first_name: "Ana", amount_requested: 25000}, metadata: {version: "v3"}, control: {execution_mode: "sync"}}"#),
        .e(taktilePayload,
           #"{taktileFlowPayload: {data: {first_name: "Ana"}}, taktileFlowVersion: "", taktileFlowEntityId: "E-7", taktileFlowExecutionMode: "async"}"#,
           #"{data: {first_name: "Ana"}, metadata: {entity_id: "E-7"}, control: {execution_mode: "async"}}"#),
        .e("taktileResult",
           acceptedByTaktile,
           #"{status: 200, body: {data: {decision: "Accept", limit: 25000}, metadata: {decision_url: "https://app.taktile.com/decisions/d-1"}}}"#),
        .e("taktileResult.body.data.decision", acceptedByTaktile, #""Accept""#),
        .e("taktileResult.body.metadata.decision_url", acceptedByTaktile, #""https://app.taktile.com/decisions/d-1""#),
        .e(#"taktileResult.body.data.decision = "Accept""#, acceptedByTaktile, "true"),
        .e(#"taktileResult.body.data.decision = "Accept""#,
           #"{taktileResult: {status: 200, body: {data: {decision: "Decline"}}}}"#,
           "false"),
        // The `{{…}}` placeholder is text to FEEL.
        .long("\"\nYou are **LoanSupportAgent**, the dedi", bytes: 8746, fnv1a: 0xff76c6b13cbf4144,
              "{}",
              satisfies: #"starts with(value, "\nYou are **LoanSupportAgent**, the dedic") and ends with(value, "PreviousConversationContext}}\n") and string length(value) = 7626 and contains(value, "{{customerPreviousConversationContext}}")"#),
        .e(#"fromAi(toolCall.bookingProposalMessage, "This is the message asking for a loan specialist appointment for a customer. This should include some time slots provided by the customer.", "string")"#,
           #"{toolCall: {bookingProposalMessage: "Monday 10:00 or Tuesday 14:00"}}"#,
           #""Monday 10:00 or Tuesday 14:00""#),
        .e("appointmentDateTime", #"{appointmentDateTime: "2024-06-03T10:00:00Z"}"#, #""2024-06-03T10:00:00Z""#),
        // No worker label: a missing variable is null, so "default".
        .e(rpaTaskType, "{}", #""camunda::RPA-Task::default""#),
        .e(rpaTaskType, #"{camundaRpaWorkerLabel: "loan-bot"}"#, #""camunda::RPA-Task::loan-bot""#),
        .e("{customerId: supportCase.customer.id}", #"{supportCase: {customer: {id: "C-1042"}}}"#, #"{customerId: "C-1042"}"#),
        .e("concatenate(legacyLoanList, loanList.resultSet)",
           #"{legacyLoanList: [{loanId: "L-1", balance: 1200}], loanList: {resultSet: [{loanId: "L-2", balance: 18000}]}}"#,
           #"[{loanId: "L-1", balance: 1200}, {loanId: "L-2", balance: 18000}]"#),
        // An annuity: 200,000 at 6 % over 30 years is 1,199.10 a month ((1 + r) ** -n, a negative integer power).
        // A third of 90,000 is more than a year of payments.
        .e(loanPayment,
           "{interestRate: 6, loanAmount: 200000, loanTermInMonths: 360, yearlySalary: 90000}",
           satisfies: "value.monthlyInterestRate = 0.005 and value.monthlyPayment > 1199.10 and value.monthlyPayment < 1199.11 and value.annualPayment > 14389.2 and value.annualPayment < 14389.3 and value.affordable = true"),
        .e(loanPayment,
           "{interestRate: 6, loanAmount: 200000, loanTermInMonths: 360, yearlySalary: 40000}",
           satisfies: "value.affordable = false"),
        .e(#"fromAi(toolCall.interestRate, "The interest rate for the loan.", "number")"#, "{toolCall: {interestRate: 6}}", "6"),
        .e(#"fromAi(toolCall.yearlyIncome, "The yearly income of the household.", "number")"#,
           "{toolCall: {yearlyIncome: 90000}}",
           "90000"),
        .e(#"fromAi(toolCall.loanTermInYear, "The loan term in years.", "number") * 12"#, "{toolCall: {loanTermInYear: 30}}", "360"),
        .e(#"fromAi(toolCall.loanAmount, "The loan amount for this project.", "number")"#, "{toolCall: {loanAmount: 200000}}", "200000"),
        .e(#"knowledgeBaseDecision = "yes""#, #"{knowledgeBaseDecision: "yes"}"#, "true"),
        .e(#"knowledgeBaseDecision = "no""#, #"{knowledgeBaseDecision: "yes"}"#, "false"),
        .e("not(taking_full_control)", "{taking_full_control: false}", "true"),
        .e("toolCallResult", #"{toolCallResult: {status: "found", hits: 2}}"#, #"{status: "found", hits: 2}"#),
        // Any other error: no BPMN error (null).
        .e(indexNotFoundError, #"{error: {code: "500", message: "Connection refused"}}"#, "null"),
        // `bpmnError(…)` is a function of Camunda's connector runtime, not of FEEL: the engine knows no such function (null).
        .e(indexNotFoundError, #"{error: {code: "404", message: "index_not_found_exception: no such index"}}"#, "null"),
        .e(#"fromAi(toolCall.query, "The knowledge base query you want to perform")"#,
           #"{toolCall: {query: "early repayment fee"}}"#,
           #""early repayment fee""#),
        .e(#"""
            {
              customerId: supportCase.customer.id,
              lastName:  supportCase.customer.name,
              firstName: supportCase.customer.firstname,
              newCustomer: false,
              emailAddress:  supportCase.customer.email,
              requestedTerm: fromAi(toolCall.requestedTerm, "The loan repayment months"),
              amountRequested: fromAi(toolCall.amountRequested, "The amount of the loan"),
              moreData: "..."
            }
            """#,
           #"{supportCase: {customer: {id: "C-1042", name: "Silva", firstname: "Ana", email: "ana.silva@example.com"}}, toolCall: {requestedTerm: "60", amountRequested: "25000"}}"#,
           #"{customerId: "C-1042", lastName: "Silva", firstName: "Ana", newCustomer: false, emailAddress: "ana.silva@example.com", requestedTerm: "60", amountRequested: "25000", moreData: "..."}"#),
        .e(#""conversation-knowledge-base-demo-loan-agent-" + supportCase.communicationContext.emailAddress"#,
           emailCase,
           #""conversation-knowledge-base-demo-loan-agent-ana.silva@example.com""#),
        .e("agent.context.metrics.tokenUsage.inputTokenCount", finishedAgent, "1200"),
        .e("agent.context.metrics.tokenUsage.outputTokenCount", finishedAgent, "300"),
        .e("agent.context.metrics.modelCalls", finishedAgent, "3"),
        .e("agent.responseMessage", finishedAgent, #""Your card is unblocked.""#),
        .e(#"""
             {
              "agentResolution": agent.responseMessage  
            }
            """#,
           finishedAgent,
           #"{agentResolution: "Your card is unblocked."}"#),
        // `convMessages` is a context (a marker the connector runtime resolves later), not a list. DMN 1.5 filters it as
        // the list of itself: it has no `role`, so nothing is kept, nothing joined, and the template is its first line.
        // (feel-scala filters only lists: there the filter, the `for`, the `string join` and the template are null.)
        .e(#"""
            {
              convMessages: {
                "camunda.function.type": "getJson",
                "params": [ agent.context.conversation.document, "messages" ]
              },
              template: "input memory:\n"
              + string join(
                for m in convMessages[role = "user" or role = "assistant"]
                return
                  upper case(m.role) + ":\n"
                  + string join(m.content[type = "text"].text, "\n")
                  + "\n",
                "\n"
              )
            }
            """#,
           #"{agent: {context: {conversation: {document: {storeId: "in-memory", documentId: "d-1"}}}}}"#,
           #"{convMessages: {"camunda.function.type": "getJson", params: [{storeId: "in-memory", documentId: "d-1"}, "messages"]}, template: "input memory:\n"}"#),
        .e("llmjudge.context", #"{llmjudge: {context: {state: "READY"}}}"#, #"{state: "READY"}"#),
        // Each field is cut between `"key": "` and the next `",`; the last field has no `",` after it, so
        // `substring before` finds nothing: "".
        .e(#"""
            {
              "decision": substring before(substring after(response.responseText, "\"decision\": \""), "\","),
              "reasoning": substring before(substring after(response.responseText, "\"reasoning\": \""), "\","),
              "reasoning_quality": substring before(substring after(response.responseText, "\"reasoning_quality\": \""), "\","),
              "identified_issues": substring before(substring after(response.responseText, "\"identified_issues\": \""), "\","),
              "customer_email": substring before(substring after(response.responseText, "\"customer_email\": \""), "\",")
            }
            """#,
           #"{response: {responseText: "{\"decision\": \"AGENT_SUCCESS\", \"reasoning\": \"Answered from the knowledge base\", \"reasoning_quality\": \"high\", \"identified_issues\": \"none\", \"customer_email\": \"ana.silva@example.com\"}"}}"#,
           #"{decision: "AGENT_SUCCESS", reasoning: "Answered from the knowledge base", reasoning_quality: "high", identified_issues: "none", customer_email: ""}"#),
        .e("decision", #"{decision: "AGENT_SUCCESS"}"#, #""AGENT_SUCCESS""#),
        .e(#"reasoning + "Quality: " + reasoning_quality"#,
           #"{reasoning: "Answered from the knowledge base. ", reasoning_quality: "high"}"#,
           #""Answered from the knowledge base. Quality: high""#),
        .e("identified_issues", #"{identified_issues: "none"}"#, #""none""#),
        .e(#"decision = "AGENT_SUCCESS""#, #"{decision: "AGENT_SUCCESS"}"#, "true"),
        .e(#"decision = "AGENT_SUBOPTIMAL""#, #"{decision: "AGENT_SUCCESS"}"#, "false"),
        .e(#"""
            "You are **TaskAgent**, a helpful, generic chat agent that can handle a wide variety of customer requests using your own domain knowledge **and** any tools explicitly provided to you at runtime.
            
            If tools are provided, you should prefer them instead of guessing an answer. You can call the same tool multiple times by providing different input values. Don't guess any tools which were not explicitly configured. If no tool matches the request, try to generate an answer. If you're not able to find a good answer, return with a message stating why you're not able to.
            
            Wrap minimal, inspectable reasoning in *exactly* this XML template:
            
            <thinking>
            <context>…briefly state the customer’s need and current state…</context>
            <reflection>…list candidate tools, justify which you will call next and why…</reflection>
            </thinking>
            
            Reveal **no** additional private reasoning outside these tags."
            """#,
           "{}",
           satisfies: #"starts with(value, "You are **TaskAgent**, a helpful, generi") and ends with(value, " reasoning outside these tags.") and string length(value) = 885"#),
        .e("a2aProvidedInput.userRequest", #"{a2aProvidedInput: {userRequest: "Summarize my statement."}}"#, #""Summarize my statement.""#),
        .e("uploaded_document",
           #"{uploaded_document: {documentId: "d-7", contentType: "application/pdf"}}"#,
           #"{documentId: "d-7", contentType: "application/pdf"}"#),
    ]
}
