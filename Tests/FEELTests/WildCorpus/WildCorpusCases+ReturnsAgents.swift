/// The AI-agent examples of the corpus, part two (ecommerce-returns-agent-demo): the concierge and
/// returns agents, their tools, Twilio and e-mail channels.
extension WildCorpusCases {
    static let agents2: [WildCase] = conciergeAgent + ecommerceAgent + twilioChannels

    // Variables that several rows below run with.
    static let whatsAppMessage = #"{message: {id: "SM42", from: "whatsapp:+4917612345678", text: "I want to return my shoes.", senderId: "4917612345678", mobilePhone: "+4917612345678", profileName: "Ana", channel: "whatsApp", correlationId: "+4917612345678"}}"#
    static let salesforce = #"{baseUrl: "https://camunda--demoenv.sandbox.my.salesforce.com", apiVersion: "v60.0"}"#
    static let voiceCall = #"{request: {headers: {"i-twilio-idempotency-token": "a1b2c3"}, body: {CallSid: "CA42", From: "+4917612345678", Caller: "+4917612345678"}}}"#

    // Texts of this section that several rows check.
    static let mobilePhoneForLookup = #" if supportCase.communicationContext.mobilePhone != null and supportCase.communicationContext.mobilePhone != "" then supportCase.communicationContext.mobilePhone else fromAi(toolCall.mobilePhone, "Customer mobile phone (E.164)")"#
    static let emailForLookup = #" if supportCase.communicationContext.emailAddress != null and supportCase.communicationContext.emailAddress != "" then supportCase.communicationContext.emailAddress else fromAi(toolCall.emailAddress, "Customer email address")"#
    static let salesforceContact = #"""
        if count(response.body.records) > 0 then
          {
            customer: {
              id: response.body.records[1].Id,
              name: response.body.records[1].Name,
              email: response.body.records[1].Email,
              mobilePhone: response.body.records[1].MobilePhone
            },
            toolCallResult: {
              status: "found",
              customer: {
                id: response.body.records[1].Id,
                name: response.body.records[1].Name,
                email: response.body.records[1].Email,
                mobilePhone: response.body.records[1].MobilePhone
              }
            }
          }
          else
          {
            customer: null,
            toolCallResult: {
              status: "not_found",
              message: "No matching contact found for provided identifiers."
            }
          }
        """#

    /// communication-agent.bpmn (ecommerce-returns-agent-demo): the customer concierge agent, a
    /// Salesforce contact lookup, and the hand-over to the e-commerce agent.
    static let conciergeAgent: [WildCase] = [
        .e(#"""
            {
                "subject": "WhatsApp Request",
                "request": message.text, 
                "originalMessage": message,
                "communicationContext": {
                    "channel" : message.channel,
                    "from": message.from,                
                    "lastMessageId": message.id,
                    "mobilePhone": message.mobilePhone,
                    "correlationId": message.correlationId
                }
            }
            """#,
           whatsAppMessage,
           #"{subject: "WhatsApp Request", request: "I want to return my shoes.", originalMessage: {id: "SM42", from: "whatsapp:+4917612345678", text: "I want to return my shoes.", senderId: "4917612345678", mobilePhone: "+4917612345678", profileName: "Ana", channel: "whatsApp", correlationId: "+4917612345678"}, communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", correlationId: "+4917612345678"}}"#),
        // The channel knows the phone number: the LLM's guess is not needed.
        .e(mobilePhoneForLookup,
           #"{supportCase: {subject: "WhatsApp Request", request: "I want to return my shoes.", communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com", correlationId: "+4917612345678"}}, toolCall: {mobilePhone: "+491701234567"}}"#,
           #""+4917612345678""#),
        .e(mobilePhoneForLookup,
           #"{supportCase: {communicationContext: {channel: "email", mobilePhone: ""}}, toolCall: {mobilePhone: "+491701234567"}}"#,
           #""+491701234567""#),
        .e(emailForLookup,
           #"{supportCase: {subject: "WhatsApp Request", request: "I want to return my shoes.", communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com", correlationId: "+4917612345678"}}, toolCall: {emailAddress: "ana@example.org"}}"#,
           #""ana.silva@example.com""#),
        // No e-mail address in the context: the entry is missing, null, so the LLM's value.
        .e(emailForLookup,
           #"{supportCase: {communicationContext: {channel: "whatsApp"}}, toolCall: {emailAddress: "ana@example.org"}}"#,
           #""ana@example.org""#),
        // No space before LIMIT: the query the model sends.
        .e(#"""
            "SELECT Id, AccountId, Name, Email, MobilePhone " +
            "FROM Contact WHERE " +
            "(MobilePhone = '" + mobilePhone + "' AND MobilePhone != NULL)"  +
            "LIMIT 1"
            """#,
           #"{mobilePhone: "+4917612345678"}"#,
           #""SELECT Id, AccountId, Name, Email, MobilePhone FROM Contact WHERE (MobilePhone = '+4917612345678' AND MobilePhone != NULL)LIMIT 1""#),
        .e(#"""
            {
              q: soqlQuery
            }
            """#,
           #"{soqlQuery: "SELECT Id FROM Contact LIMIT 1"}"#,
           #"{q: "SELECT Id FROM Contact LIMIT 1"}"#),
        .e(#"baseUrl + "/services/data/" + apiVersion + "/query""#,
           salesforce,
           #""https://camunda--demoenv.sandbox.my.salesforce.com/services/data/v60.0/query""#),
        .e(#"baseUrl + "/services/oauth2/token""#,
           salesforce,
           #""https://camunda--demoenv.sandbox.my.salesforce.com/services/oauth2/token""#),
        .e(salesforceContact,
           #"{response: {status: 200, body: {totalSize: 1, records: [{Id: "003A1", Name: "Ana Silva", Email: "ana.silva@example.com", MobilePhone: "+4917612345678"}]}}}"#,
           #"{customer: {id: "003A1", name: "Ana Silva", email: "ana.silva@example.com", mobilePhone: "+4917612345678"}, toolCallResult: {status: "found", customer: {id: "003A1", name: "Ana Silva", email: "ana.silva@example.com", mobilePhone: "+4917612345678"}}}"#),
        .e(salesforceContact,
           "{response: {status: 200, body: {totalSize: 0, records: []}}}",
           #"{customer: null, toolCallResult: {status: "not_found", message: "No matching contact found for provided identifiers."}}"#),
        // The concierge's prompt (the corpus's text) with the rules of the customer's channel.
        .long("\"\nYou are Customer Concierge, the single", bytes: 5488, fnv1a: 0xa5fa13cb0b020b27,
              #"{supportCase: {subject: "WhatsApp Request", request: "I want to return my shoes.", communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com", correlationId: "+4917612345678"}}}"#,
              satisfies: #"starts with(value, "\nYou are Customer Concierge, the single ") and ends with(value, "IT\" if the case remains open.\n") and string length(value) = 5026 and contains(value, "Communication is via WhatsApp.") and not(contains(value, "VOICE RULES"))"#),
        .long("\"\nYou are Customer Concierge, the single", bytes: 5488, fnv1a: 0xa5fa13cb0b020b27,
              #"{supportCase: {communicationContext: {channel: "voice"}}}"#,
              satisfies: #"starts with(value, "\nYou are Customer Concierge, the single ") and ends with(value, "IT\" if the case remains open.\n") and string length(value) = 5018 and contains(value, "VOICE RULES (CRITICAL)")"#),
        .long("\"\nYou are Customer Concierge, the single", bytes: 5488, fnv1a: 0xa5fa13cb0b020b27,
              #"{supportCase: {communicationContext: {channel: "email"}}}"#,
              satisfies: #"starts with(value, "\nYou are Customer Concierge, the single ") and ends with(value, "IT\" if the case remains open.\n") and string length(value) = 4774 and not(contains(value, "TEXT RULES"))"#),
        .e(#"""
            {
              "communicationResult": {
                status: "success",
                originalText: fromAi(toolCall.customerMessageInFull),
                text: fromAi(toolCall.customerIntent)
              }
            }
            """#,
           #"{toolCall: {customerMessageInFull: "Hi, I want to return my shoes, they are too small.", customerIntent: "return shoes"}}"#,
           #"{communicationResult: {status: "success", originalText: "Hi, I want to return my shoes, they are too small.", text: "return shoes"}}"#),
        .e(#"""
            {
              "supportCase": supportCase,
              "customer": customer,
              "request": fromAi(toolCall.customerDesireToPassToTheAgent)
            }
            """#,
           #"{supportCase: {subject: "WhatsApp Request"}, customer: {id: "003A1"}, toolCall: {customerDesireToPassToTheAgent: "Return the shoes from order 1001."}}"#,
           #"{supportCase: {subject: "WhatsApp Request"}, customer: {id: "003A1"}, request: "Return the shoes from order 1001."}"#),
        .e(#"""
            {
              "subject": "RE: " + supportCase.subject,
              "text": fromAi(toolCall.customerMessageText)
            }
            """#,
           #"{supportCase: {subject: "WhatsApp Request", request: "I want to return my shoes.", communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com", correlationId: "+4917612345678"}}, toolCall: {customerMessageText: "Your return is registered."}}"#,
           #"{subject: "RE: WhatsApp Request", text: "Your return is registered."}"#),
        .e(#"""
            {
              "intent": "There is a request to message the customer",
              "content": communicationContent,
              "status": "success"
            }
            """#,
           #"{communicationContent: {subject: "RE: WhatsApp Request", text: "Done."}}"#,
           #"{intent: "There is a request to message the customer", content: {subject: "RE: WhatsApp Request", text: "Done."}, status: "success"}"#),
        .e(#"""
            {
              "intent": "A message from the customer was received and needs to be processed",
              "message": message,
              "status": "success"
            }
            """#,
           #"{message: {id: "SM43", text: "Thanks!"}}"#,
           #"{intent: "A message from the customer was received and needs to be processed", message: {id: "SM43", text: "Thanks!"}, status: "success"}"#),
        .e(#"""
            {
              "intent": "A sub agent just finished its work",
              "agentResolution": agentResolution,
              "status": "success"
            }
            """#,
           #"{agentResolution: "Return registered, RMA-77."}"#,
           #"{intent: "A sub agent just finished its work", agentResolution: "Return registered, RMA-77.", status: "success"}"#),
    ]

    // Texts of this section that several rows check.
    static let recentOrders = #"""
        if response.body = null or count(response.body) = 0 then
        {
          recentOrders: [],
          selectedOrderCandidate: null,
          toolCallResult: {
            status: "no_orders"
          }
        }
        else
        {
          recentOrders: response.body,
          selectedOrderCandidate: response.body[1],
          toolCallResult: {
            status: "orders_found",
            orderList: response.body
          }
        }
        """#
    static let createdCart = #"""
        if response.body = null or response.body.cart_id = null then
        {
          cart: null,
          toolCallResult: {
            status: "failed",
            message: "Failed to create cart. Please try again."
          }
        }
        else
        {
          cart: response.body,
          toolCallResult: {
            status: "created",
            cartId: response.body.cart_id,
            message: "Cart created successfully with ID " + response.body.cart_id + ". You can now add items to it."
          }
        }
        
        """#
    static let addedItem = #"""
        if response.body = null or response.body.cart_id = null then
        {
          cartItem: null,
          toolCallResult: {
            status: "failed",
            message: "Failed to add item to cart. Please check the SKU and try again."
          }
        }
        else
        {
          cartItem: response.body,
          toolCallResult: {
            status: "added",
            cartId: response.body.cart_id,
            itemCount: count(response.body.items),
            message: "Item added successfully to cart. Cart now has " + string(count(response.body.items)) + " item(s)."
          }
        }
        
        """#
    static let placedOrder = #"""
        if response.body = null or response.body.order_id = null then
        {
          order: null,
          toolCallResult: {
            status: "failed",
            message: "Failed to place order. Please verify cart contents and payment method."
          }
        }
        else
        {
          order: response.body,
          toolCallResult: {
            status: "placed",
            orderId: response.body.order_id,
            orderTotal: response.body.order_total,
            estimatedDelivery: response.body.estimated_delivery_date,
            message: "Order placed successfully! Order ID: " + response.body.order_id + ". Total: $" + string(response.body.order_total) + ". Estimated delivery: " + response.body.estimated_delivery_date
          }
        }
        
        """#
    static let salesforceObjectURL = #"baseUrl + "/services/data/" + apiVersion + "/sobjects/" + objectType + string(if objectId != null then "/" + objectId else "") + string(if relationshipFieldName != null then "/" + relationshipFieldName else "")"#
    static let warehouseURL = #"if operation = "checkFulfillmentEligibility" then baseUrl + "/fulfillment/eligibility?sku=" + fulfillmentSku + "&postalCode=" + postalCode else if operation = "createExpectedReturn" then baseUrl + "/returns/expected?rmaId=" + rmaId + "&sku=" + returnSku + "&qty=" + string(number(qty)) + (if overrides != null and overrides != "" and overrides != "[]" and string(overrides) != "[]" then "&overrides=" + string(overrides) else "") + (if caseId != null and caseId != "" then "&caseId=" + caseId else "") + (if approvalCode != null and approvalCode != "" then "&approvalCode=" + approvalCode else "") else if operation = "releaseShipment" then baseUrl + "/shipments/release?order_id=" + shipmentOrderId + "&shipping_method=" + shippingMethod else baseUrl"#
    static let warehouseMethod = #"if operation = "checkFulfillmentEligibility" then "get" else "post""#
    static let warehouseResult = #"""
        if response.body.status = "error" then {
            toolCallResult: {
              status: "error", 
              errorType: response.body.errorType, 
              errorCode: response.body.errorCode, 
              message: response.body.message, 
              action: response.body.action
            }
          } else {
            toolCallResult: {
              status: "success", 
              data: response.body.data
            }
        }
        """#
    static let createdRMA = #"""
        if response.body = null or response.body.rma_id = null then
        {
          rma: null,
          toolCallResult: {
            status: "failed",
            message: "Failed to create RMA. Please try again or contact support."
          }
        }
        else
        {
          rma: response.body,
          toolCallResult: {
            status: "created",
            rmaId: response.body.rma_id,
            trackingNumber: response.body.tracking_number,
            message: "RMA created successfully with ID " + response.body.rma_id + ". Tracking number: " + response.body.tracking_number
          }
        }
        
        """#
    static let foundProducts = #"""
        if response.body = null or count(response.body) = 0 then
        {
          products: [],
          toolCallResult: {
            status: "no_products",
            message: "No products found matching the search criteria."
          }
        }
        else
        {
          products: response.body,
          toolCallResult: {
            status: "products_found",
            count: count(response.body),
            products: response.body,
            message: "Found " + string(count(response.body)) + " product(s) matching the search."
          }
        }
        """#

    /// ecommerce-agent.bpmn (ecommerce-returns-agent-demo): the returns agent's prompt, Magento-like
    /// REST tools and the result each tool reports back.
    static let ecommerceAgent: [WildCase] = [
        // No `customer` variable yet: null, so the prompt says so.
        .long(#""You are an AI service agent for an e-co"#, bytes: 4193, fnv1a: 0x31f8ed79e2a0af3a,
              #"{supportCase: {subject: "WhatsApp Request", request: "I want to return my shoes.", communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com", correlationId: "+4917612345678"}}}"#,
              satisfies: #"starts with(value, "You are an AI service agent for an e-com") and ends with(value, "orMessage or any other tools.\n") and string length(value) = 4039 and contains(value, "No current customer is available in the process variables.")"#),
        // A known customer, written with `string()`. (How feel-scala writes a context is version-dependent; only its parts are checked.)
        .long(#""You are an AI service agent for an e-co"#, bytes: 4193, fnv1a: 0x31f8ed79e2a0af3a,
              #"{customer: {id: "42", name: "Ana Silva"}}"#,
              satisfies: #"starts with(value, "You are an AI service agent for an e-com") and contains(value, "Current customer (from process variable): {") and contains(value, "\"Ana Silva\"") and ends with(value, "orMessage or any other tools.\n") and not(contains(value, "No current customer"))"#),
        .e("fromAi(toolCall.customerId)", #"{toolCall: {customerId: "42"}}"#, #""42""#),
        .e("fromAi(toolCall.cartId)", #"{toolCall: {cartId: "cart-77"}}"#, #""cart-77""#),
        .e("fromAi(toolCall.sku)", #"{toolCall: {sku: "SHOE-42-BLK"}}"#, #""SHOE-42-BLK""#),
        .e("fromAi(toolCall.amount)", "{toolCall: {amount: 25}}", "25"),
        .e("fromAi(toolCall.rmaId)", #"{toolCall: {rmaId: "RMA-77"}}"#, #""RMA-77""#),
        .e("fromAi(toolCall.quantity)", "{toolCall: {quantity: 1}}", "1"),
        .e("fromAi(toolCall.overrideFlagsAsArray)", #"{toolCall: {overrideFlagsAsArray: ["skip_inspection"]}}"#, #"["skip_inspection"]"#),
        .e("fromAi(toolCall.caseId)", #"{toolCall: {caseId: "500Ab00000XyZ"}}"#, #""500Ab00000XyZ""#),
        .e("fromAi(toolCall.approvalCode)", #"{toolCall: {approvalCode: "APP-9"}}"#, #""APP-9""#),
        .e("fromAi(toolCall.orderId)", #"{toolCall: {orderId: "1001"}}"#, #""1001""#),
        .e("fromAi(toolCall.searchQuery)", #"{toolCall: {searchQuery: "running shoes size 43"}}"#, #""running shoes size 43""#),
        .e("fromAi(toolCall.category)", #"{toolCall: {category: "shoes"}}"#, #""shoes""#),
        .e("fromAi(toolCall.tags)", #"{toolCall: {tags: ["running", "black"]}}"#, #"["running", "black"]"#),
        .e(#"fromAi(toolCall.reason, "Return reason")"#, #"{toolCall: {reason: "Too small"}}"#, #""Too small""#),
        .e(recentOrders,
           #"{response: {status: 200, body: [{order_id: "1001", total: 89.9}, {order_id: "0998", total: 25}]}}"#,
           #"{recentOrders: [{order_id: "1001", total: 89.9}, {order_id: "0998", total: 25}], selectedOrderCandidate: {order_id: "1001", total: 89.9}, toolCallResult: {status: "orders_found", orderList: [{order_id: "1001", total: 89.9}, {order_id: "0998", total: 25}]}}"#),
        .e(recentOrders,
           "{response: {status: 200, body: []}}",
           #"{recentOrders: [], selectedOrderCandidate: null, toolCallResult: {status: "no_orders"}}"#),
        // No body: `null = null` is true, so `or` is true without `count(null)`.
        .e(recentOrders,
           "{response: {status: 204, body: null}}",
           #"{recentOrders: [], selectedOrderCandidate: null, toolCallResult: {status: "no_orders"}}"#),
        .e(createdCart,
           #"{response: {status: 200, body: {cart_id: "cart-77", items: []}}}"#,
           #"{cart: {cart_id: "cart-77", items: []}, toolCallResult: {status: "created", cartId: "cart-77", message: "Cart created successfully with ID cart-77. You can now add items to it."}}"#),
        // A body without `cart_id`: the entry is null.
        .e(createdCart,
           #"{response: {status: 500, body: {error: "out of carts"}}}"#,
           #"{cart: null, toolCallResult: {status: "failed", message: "Failed to create cart. Please try again."}}"#),
        .e(addedItem,
           #"{response: {status: 200, body: {cart_id: "cart-77", items: [{sku: "SHOE-43-BLK", qty: 1}, {sku: "SOCKS-3P", qty: 2}]}}}"#,
           #"{cartItem: {cart_id: "cart-77", items: [{sku: "SHOE-43-BLK", qty: 1}, {sku: "SOCKS-3P", qty: 2}]}, toolCallResult: {status: "added", cartId: "cart-77", itemCount: 2, message: "Item added successfully to cart. Cart now has 2 item(s)."}}"#),
        .e(addedItem,
           "{response: {status: 404, body: null}}",
           #"{cartItem: null, toolCallResult: {status: "failed", message: "Failed to add item to cart. Please check the SKU and try again."}}"#),
        // `response.body.get("cart_id")` is no FEEL method call: a context has no function `get`, so the call is
        // no value and the condition not true (feel-scala: the `and` is null). Even an applied credit reads as failed.
        .e(#"""
            if response.body != null and response.body.get("cart_id") != null then
            {
              storeCredit: response.body,
              toolCallResult: {
                status: "applied",
                appliedAmount: response.body.store_credit_applied,
                cartId: response.body.cart_id,
                message: "Store credit of $" + string(response.body.store_credit_applied) + " applied successfully."
              }
            }
            else
            {
              storeCredit: null,
              toolCallResult: {
                status: "failed",
                message: "Failed to apply store credit. Please verify the amount and cart ID."
              }
            }
            
            """#,
           #"{response: {status: 200, body: {cart_id: "cart-77", store_credit_applied: 25}}}"#,
           #"{storeCredit: null, toolCallResult: {status: "failed", message: "Failed to apply store credit. Please verify the amount and cart ID."}}"#),
        .e(placedOrder,
           #"{response: {status: 200, body: {order_id: "1002", order_total: 59.9, estimated_delivery_date: "2024-06-05"}}}"#,
           #"{order: {order_id: "1002", order_total: 59.9, estimated_delivery_date: "2024-06-05"}, toolCallResult: {status: "placed", orderId: "1002", orderTotal: 59.9, estimatedDelivery: "2024-06-05", message: "Order placed successfully! Order ID: 1002. Total: $59.9. Estimated delivery: 2024-06-05"}}"#),
        .e(placedOrder,
           #"{response: {status: 402, body: {message: "payment declined"}}}"#,
           #"{order: null, toolCallResult: {status: "failed", message: "Failed to place order. Please verify cart contents and payment method."}}"#),
        .e(#"""
            "SELECT Id, AccountId, Name, Email, MobilePhone " +
            "FROM Contact WHERE " +
            "(MobilePhone = '" + mobilePhone + "' AND MobilePhone != NULL) OR "  +
            "(Email = '" + emailAddress + "' AND Email != NULL) " +
            "LIMIT 1"
            """#,
           #"{mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com"}"#,
           #""SELECT Id, AccountId, Name, Email, MobilePhone FROM Contact WHERE (MobilePhone = '+4917612345678' AND MobilePhone != NULL) OR (Email = 'ana.silva@example.com' AND Email != NULL) LIMIT 1""#),
        // A new case: no id, no relationship (missing variables are null).
        .e(salesforceObjectURL,
           #"{baseUrl: "https://camunda--demoenv.sandbox.my.salesforce.com", apiVersion: "v60.0", objectType: "Case"}"#,
           #""https://camunda--demoenv.sandbox.my.salesforce.com/services/data/v60.0/sobjects/Case""#),
        .e(salesforceObjectURL,
           #"{baseUrl: "https://camunda--demoenv.sandbox.my.salesforce.com", apiVersion: "v60.0", objectType: "Case", objectId: "500Ab00000XyZ", relationshipFieldName: "CaseComments"}"#,
           #""https://camunda--demoenv.sandbox.my.salesforce.com/services/data/v60.0/sobjects/Case/500Ab00000XyZ/CaseComments""#),
        .e(#"""
            {
              ContactId: customer.id,
              Subject: fromAi(toolCall.caseSubject),
              Description: fromAi(toolCall.caseDescription),
              Status: "New",
              Type: fromAi(toolCall.caseType)
            }
            
            """#,
           #"{customer: {id: "003A1"}, toolCall: {caseSubject: "Return shoes", caseDescription: "Too small, order 1001", caseType: "Return"}}"#,
           #"{ContactId: "003A1", Subject: "Return shoes", Description: "Too small, order 1001", Status: "New", Type: "Return"}"#),
        .e(#"""
            { 
              caseId: response.body.id, 
              caseSalesforceUrl: "https://camunda--demoenv.sandbox.my.salesforce.com/" + response.body.id,
              toolCallResult: {
                  status: "success",
                  caseId: response.body.id
              }
            }
            """#,
           #"{response: {status: 201, body: {id: "500Ab00000XyZ", success: true}}}"#,
           #"{caseId: "500Ab00000XyZ", caseSalesforceUrl: "https://camunda--demoenv.sandbox.my.salesforce.com/500Ab00000XyZ", toolCallResult: {status: "success", caseId: "500Ab00000XyZ"}}"#),
        .e(warehouseURL,
           #"{operation: "checkFulfillmentEligibility", baseUrl: "https://demo.example.com/commerce", fulfillmentSku: "SHOE-43-BLK", postalCode: "10115"}"#,
           #""https://demo.example.com/commerce/fulfillment/eligibility?sku=SHOE-43-BLK&postalCode=10115""#),
        // The quantity comes as text (`number()` then `string()`); no approval code (null): no parameter.
        .e(warehouseURL,
           #"{operation: "createExpectedReturn", baseUrl: "https://demo.example.com/commerce", rmaId: "RMA-77", returnSku: "SHOE-42-BLK", qty: "1", overrides: "skip_inspection", caseId: "500Ab00000XyZ"}"#,
           #""https://demo.example.com/commerce/returns/expected?rmaId=RMA-77&sku=SHOE-42-BLK&qty=1&overrides=skip_inspection&caseId=500Ab00000XyZ""#),
        // Overrides as a list: `overrides != ""` compares a list with a string (null), so the `and` is null and the
        // overrides are left out; an empty case id too.
        .e(warehouseURL,
           #"{operation: "createExpectedReturn", baseUrl: "https://demo.example.com/commerce", rmaId: "RMA-77", returnSku: "SHOE-42-BLK", qty: "2", overrides: ["skip_inspection"], caseId: ""}"#,
           #""https://demo.example.com/commerce/returns/expected?rmaId=RMA-77&sku=SHOE-42-BLK&qty=2""#),
        // A quantity given as a number: `number()` takes text only, so null, and the whole URL with it.
        .e(warehouseURL,
           #"{operation: "createExpectedReturn", baseUrl: "https://demo.example.com/commerce", rmaId: "RMA-77", returnSku: "SHOE-42-BLK", qty: 2}"#,
           "null"),
        .e(warehouseURL,
           #"{operation: "releaseShipment", baseUrl: "https://demo.example.com/commerce", shipmentOrderId: "1002", shippingMethod: "express"}"#,
           #""https://demo.example.com/commerce/shipments/release?order_id=1002&shipping_method=express""#),
        .e(warehouseURL,
           #"{operation: "listWarehouses", baseUrl: "https://demo.example.com/commerce"}"#,
           #""https://demo.example.com/commerce""#),
        .e(warehouseMethod, #"{operation: "checkFulfillmentEligibility"}"#, #""get""#),
        .e(warehouseMethod, #"{operation: "releaseShipment"}"#, #""post""#),
        // An input mapping that clears a variable on purpose.
        .e("null", "{}", "null"),
        .e(warehouseResult,
           #"{response: {status: 422, body: {status: "error", errorType: "VALIDATION", errorCode: "E42", message: "Unknown SKU", action: "Check the SKU"}}}"#,
           #"{toolCallResult: {status: "error", errorType: "VALIDATION", errorCode: "E42", message: "Unknown SKU", action: "Check the SKU"}}"#),
        .e(warehouseResult,
           #"{response: {status: 200, body: {status: "ok", data: {eligible: true, warehouse: "BER-1"}}}}"#,
           #"{toolCallResult: {status: "success", data: {eligible: true, warehouse: "BER-1"}}}"#),
        .e(#"""
            {
              "communicationContent": {
                "subject": "RE: " + supportCase.subject,
                "text": fromAi(toolCall.messageToCustomer)
              },
              "communicationContext": supportCase.communicationContext
            }
            """#,
           #"{supportCase: {subject: "WhatsApp Request", request: "I want to return my shoes.", communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com", correlationId: "+4917612345678"}}, toolCall: {messageToCustomer: "Your return RMA-77 is registered."}}"#,
           #"{communicationContent: {subject: "RE: WhatsApp Request", text: "Your return RMA-77 is registered."}, communicationContext: {channel: "whatsApp", from: "whatsapp:+4917612345678", lastMessageId: "SM42", mobilePhone: "+4917612345678", emailAddress: "ana.silva@example.com", correlationId: "+4917612345678"}}"#),
        .e(createdRMA,
           #"{response: {status: 201, body: {rma_id: "RMA-77", tracking_number: "1Z999"}}}"#,
           #"{rma: {rma_id: "RMA-77", tracking_number: "1Z999"}, toolCallResult: {status: "created", rmaId: "RMA-77", trackingNumber: "1Z999", message: "RMA created successfully with ID RMA-77. Tracking number: 1Z999"}}"#),
        .e(createdRMA,
           "{response: {status: 500, body: null}}",
           #"{rma: null, toolCallResult: {status: "failed", message: "Failed to create RMA. Please try again or contact support."}}"#),
        // `secrets` is no process variable (the connector runtime replaces only `{{secrets.…}}` text): null.
        .e(#"secrets.DEMO_BACKEND_BASE_URL + "/commerce""#, "{}", "null"),
        .e(#"secrets.DEMO_BACKEND_BASE_URL + "/commerce""#,
           #"{secrets: {DEMO_BACKEND_BASE_URL: "https://demo.example.com"}}"#,
           #""https://demo.example.com/commerce""#),
        .e(foundProducts,
           #"{response: {status: 200, body: [{sku: "SHOE-43-BLK", price: 89.9}]}}"#,
           #"{products: [{sku: "SHOE-43-BLK", price: 89.9}], toolCallResult: {status: "products_found", count: 1, products: [{sku: "SHOE-43-BLK", price: 89.9}], message: "Found 1 product(s) matching the search."}}"#),
        .e(foundProducts,
           "{response: {status: 200, body: []}}",
           #"{products: [], toolCallResult: {status: "no_products", message: "No products found matching the search criteria."}}"#),
    ]

    /// message-receiver.bpmn, message-sender.bpmn (ecommerce-returns-agent-demo): WhatsApp and voice
    /// through Twilio webhooks, TwiML answers.
    static let twilioChannels: [WildCase] = [
        .e("message.correlationId", whatsAppMessage, #""+4917612345678""#),
        .e(#"{ "message": message }"#, #"{message: {id: "SM42", text: "Hi"}}"#, #"{message: {id: "SM42", text: "Hi"}}"#),
        .e("message.id", whatsAppMessage, #""SM42""#),
        // The WhatsApp webhook's form fields.
        .e(#"""
            {
              message: {
                id: request.body.MessageSid,
                from: request.body.From,
                text: request.body.Body,
                senderId: request.body.WaId,
                mobilePhone: "+" + request.body.WaId,
                profileName: request.body.ProfileName,
                channel: "whatsApp",
                correlationId: "+" + request.body.WaId
              },
              twilioRequestBody: request.body  
            }
            
            """#,
           #"{request: {body: {MessageSid: "SM42", From: "whatsapp:+4917612345678", Body: "I want to return my shoes.", WaId: "4917612345678", ProfileName: "Ana"}}}"#,
           #"{message: {id: "SM42", from: "whatsapp:+4917612345678", text: "I want to return my shoes.", senderId: "4917612345678", mobilePhone: "+4917612345678", profileName: "Ana", channel: "whatsApp", correlationId: "+4917612345678"}, twilioRequestBody: {MessageSid: "SM42", From: "whatsapp:+4917612345678", Body: "I want to return my shoes.", WaId: "4917612345678", ProfileName: "Ana"}}"#),
        .e(#"{"profileName":"Bernd","text":"bgfdgfds","mobilePhone":"+49123456789","senderId":"49123456789","id":"SMd20fdc3c4cbfc7e6952d6b16fa35fd58","from":"whatsapp:+49123456789"}"#,
           "{}",
           #"{profileName: "Bernd", text: "bgfdgfds", mobilePhone: "+49123456789", senderId: "49123456789", id: "SMd20fdc3c4cbfc7e6952d6b16fa35fd58", from: "whatsapp:+49123456789"}"#),
        // The webhook's answer, TwiML as JSON (keys with @ and # are strings).
        .e(#"""
            {
              statusCode: 200,
              headers: { "Content-Type": "application/json" },
              body: {
              "Response": {
                "Gather": {
                  "@input": "speech",
                  "@timeout": "30",
                  "@speechTimeout": "1",
                  "@language": "en-US",
                  "@action": "https://catarina-unnicked-famishedly.ngrok-free.dev/inbound/voice-answer",
                  "@method": "POST",
                  "Say": {
                    "@voice": "Polly.Danielle-Neural",
                    "#text": "This is your Camunda Concierge Bot. How can I help?"
                  }
                },
                "Say": {
                    "@voice": "Polly.Danielle-Neural",
                  "#text": "We did not catch any response - please call again later when you made up your mind."
                },
                "Hangup": null
              }
            }
            }
            
            """#,
           "{}",
           ##"{statusCode: 200, headers: {"Content-Type": "application/json"}, body: {Response: {Gather: {"@input": "speech", "@timeout": "30", "@speechTimeout": "1", "@language": "en-US", "@action": "https://catarina-unnicked-famishedly.ngrok-free.dev/inbound/voice-answer", "@method": "POST", Say: {"@voice": "Polly.Danielle-Neural", "#text": "This is your Camunda Concierge Bot. How can I help?"}}, Say: {"@voice": "Polly.Danielle-Neural", "#text": "We did not catch any response - please call again later when you made up your mind."}, Hangup: null}}}"##),
        // `request.headers.i-twilio-idempotency-token` is no path to the header: FEEL reads `request.headers.i - twilio -
        // idempotency - token`, a subtraction of nulls, so the id is null.
        .e(#"""
            {  
              callSid: request.body.CallSid,
              message: {
                id: request.headers.i-twilio-idempotency-token,
                from: request.body.From,    
                senderId: request.body.Caller,
                mobilePhone: request.body.Caller,
                correlationId: request.body.CallSid,
                channel: "voice"
              },
              twilioRequestBody: request.body  
            }
            
            """#,
           voiceCall,
           #"{callSid: "CA42", message: {id: null, from: "+4917612345678", senderId: "+4917612345678", mobilePhone: "+4917612345678", correlationId: "CA42", channel: "voice"}, twilioRequestBody: {CallSid: "CA42", From: "+4917612345678", Caller: "+4917612345678"}}"#),
        .e(#"""
            {
              "statusCode": 200,
              "headers": { "Content-Type": "application/json" },
              "body": {  
              "Response": {
                  "Say": {
                    "@voice": "Polly.Danielle-Neural",
                    "#text": "One moment."
                  },
                "Pause": [
                  { "@length": "5" },
                  { "@length": "5" },
                  { "@length": "5" },
                  { "@length": "5" },
                  { "@length": "5" },
                  { "@length": "5" }
                ],
                "Redirect": {
                  "@method": "POST",
                  "#text": "https://catarina-unnicked-famishedly.ngrok-free.dev/inbound/twilio/hold-loop"
                }
              }
            }
            }
            """#,
           "{}",
           ##"{statusCode: 200, headers: {"Content-Type": "application/json"}, body: {Response: {Say: {"@voice": "Polly.Danielle-Neural", "#text": "One moment."}, Pause: [{"@length": "5"}, {"@length": "5"}, {"@length": "5"}, {"@length": "5"}, {"@length": "5"}, {"@length": "5"}], Redirect: {"@method": "POST", "#text": "https://catarina-unnicked-famishedly.ngrok-free.dev/inbound/twilio/hold-loop"}}}}"##),
        .e("request.body.CallSid", voiceCall, #""CA42""#),
        .e(#"""
            {
              speechResult: request.body.SpeechResult
            }
            """#,
           #"{request: {body: {CallSid: "CA42", SpeechResult: "I want to return my shoes."}}}"#,
           #"{speechResult: "I want to return my shoes."}"#),
        .e(#"context put(message, "text", speechResult)"#,
           #"{message: {id: null, channel: "voice", correlationId: "CA42"}, speechResult: "I want to return my shoes."}"#,
           #"{id: null, channel: "voice", correlationId: "CA42", text: "I want to return my shoes."}"#),
        .e(#"""
            {
              "statusCode": 200,
              "headers": { "Content-Type": "application/json" },
              "body": {  
              "Response": {
                "Hangup": {}
                }
              }
            }
            """#,
           "{}",
           #"{statusCode: 200, headers: {"Content-Type": "application/json"}, body: {Response: {Hangup: {}}}}"#),
        .e("call", #"{call: {sid: "CA42", status: "in-progress"}}"#, #"{sid: "CA42", status: "in-progress"}"#),
        .e(#"{"Content-Type":"application/x-www-form-urlencoded"}"#, "{}", #"{"Content-Type": "application/x-www-form-urlencoded"}"#),
        .e(#"{ "Content-Type": "application/x-www-form-urlencoded" }"#, "{}", #"{"Content-Type": "application/x-www-form-urlencoded"}"#),
        .e(#""https://api.twilio.com/2010-04-01/Accounts/{{secrets.TWILIO_ACCOUNT_SID}}/Calls/"+callSid+".json""#,
           #"{callSid: "CA42"}"#,
           #""https://api.twilio.com/2010-04-01/Accounts/{{secrets.TWILIO_ACCOUNT_SID}}/Calls/CA42.json""#),
        // A string literal over three lines: its line breaks are part of it.
        .e(#"""
            "<Response>
                    <Hangup></Hangup>
            </Response>"
            """#,
           "{}",
           #""<Response>\n        <Hangup></Hangup>\n</Response>""#),
        .e(#" "messageId=" + message.id + "&channel=whatsapp""#, whatsAppMessage, #""messageId=SM42&channel=whatsapp""#),
        .e("callSid", #"{callSid: "CA42"}"#, #""CA42""#),
        .e("accountSid", #"{accountSid: "AC123"}"#, #""AC123""#),
        .e(#""https://api.twilio.com/2010-04-01/Accounts/"+accountSid+"/Messages.json""#,
           #"{accountSid: "AC123"}"#,
           #""https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json""#),
        .e(#""https://api.twilio.com/2010-04-01/Accounts/{{secrets.TWILIO_ACCOUNT_SID}}/Calls/"+communicationContext.correlationId+".json""#,
           #"{communicationContext: {channel: "voice", correlationId: "CA42"}}"#,
           #""https://api.twilio.com/2010-04-01/Accounts/{{secrets.TWILIO_ACCOUNT_SID}}/Calls/CA42.json""#),
        // TwiML text with escaped quotes (`\"`), the message spoken inside.
        .e(#"""
            "<Response>
                    <Gather action=\"https://catarina-unnicked-famishedly.ngrok-free.dev/inbound/voice-answer\" timeout=\"30\" input=\"speech\" method=\"POST\" language=\"en-US\" speechTimeout=\"1\">
                            <Say voice=\"Polly.Danielle-Neural\">"+communicationContent.text+"</Say>
                    </Gather>
                    <Say voice=\"Polly.Danielle-Neural\">Thank you for your call - goodbye.</Say>
                    <Hangup></Hangup>
            </Response>"
            """#,
           #"{communicationContent: {text: "Your return is registered."}}"#,
           #""<Response>\n        <Gather action=\"https://catarina-unnicked-famishedly.ngrok-free.dev/inbound/voice-answer\" timeout=\"30\" input=\"speech\" method=\"POST\" language=\"en-US\" speechTimeout=\"1\">\n                <Say voice=\"Polly.Danielle-Neural\">Your return is registered.</Say>\n        </Gather>\n        <Say voice=\"Polly.Danielle-Neural\">Thank you for your call - goodbye.</Say>\n        <Hangup></Hangup>\n</Response>""#),
    ] + WildCase.constants(
        #""{{secrets.TWILIO_ACCOUNT_SID}}""#, #""{{secrets.TWILIO_AUTH_TOKEN}}""#)
}
