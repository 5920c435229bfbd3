import FlowStageRuntime
import HTTP

extension PreviewApp {
    /// Every route of docs/reference/http.md, tried in order (the first that fits answers).
    /// A POST needs the session's CSRF token unless it says otherwise (`Route.Needs`).
    static let routeIndex = RouteIndex(routes)
    static let routes: [Route] = [
        // Files and probes: no session.
        Route(.get, "/healthz", needs: .nothing) { _, _ in Response.text(200, "ok\n") },
        Route(.get, "/live-version", needs: .nothing) { app, _ in app.liveVersion() },
        Route(.get, "/public/{path…}", needs: .nothing) { app, call in app.publicFile(call[0], call.request) },
        Route(.get, "/themes/{file}", needs: .nothing) { app, call in app.themeFile(call[0], call.request) },
        Route(.get, "/media/{key}", needs: .nothing) { app, call in app.mediaFile(call[0], call.request) },
        Route(.get, "/schemas/{file}", needs: .nothing) { app, call in app.schemaFile(call[0], call.request) },

        // The catalogue, the session and its settings.
        Route(.get, "/") { app, call in app.catalogue(call.session, notice: app.catalogueNotice(call.request, call.session)) },
        Route(.post, "/settings") { app, call in app.saveSettings(call.request, call.session) },
        Route(.post, "/session/reset") { app, call in app.resetSession(call.session) },
        Route(.post, "/session/end") { app, call in app.endSession(call.session) },

        // Starting.
        Route(.get, "/processes/{name}/start") { app, call in app.startWithDataPage(call[0], call.session) },
        Route(.post, "/processes/{name}/start") { app, call in app.start(call[0], call.request, call.session) },
        Route(.get, "/processes/{name}/latest") { app, call in app.latest(call[0], call.session) },
        Route(.post, "/flows/{name}/start") { app, call in app.startFlow(call[0], call.session) },
        Route(.post, "/scenarios/{name}/start") { app, call in app.startScenario(call[0], call.request, call.session) },
        Route(.post, "/test-cases/{number}/start") { app, call in app.startTestCase(call[0], call.request, call.session) },

        // An instance (or a flow run): its screen, and what a screen posts.
        Route(.get, "/instances/{id}", when: PreviewApp.wantsJSON) { app, call in app.showJSON(call[0], call.session) },
        Route(.get, "/instances/{id}") { app, call in
            app.show(call[0], call.session, tab: call.request.query.first { $0.name == "tab" }?.value,
                     atLeast: call.request.query.first { $0.name == "v" }.flatMap { Int($0.value) })
        },
        Route(.post, "/instances/{id}/actions/{action}", needs: .tokenAndForm) { app, call in
            app.action(call[1], on: call[0], call.request, call.session)
        },
        Route(.post, "/instances/{id}/events/{event}", needs: .tokenAndForm) { app, call in
            app.event(call[1], on: call[0], call.request, call.session)
        },
        Route(.post, "/instances/{id}/back") { app, call in
            app.back(call[0], call.session, task: call.request.form?.first("_screen"))
        },
        Route(.get, "/instances/{id}/close") { app, call in app.closePage(call[0], call.session) },
        Route(.post, "/instances/{id}/stop") { app, call in app.stop(call[0], call.session) },
        Route(.get, "/uploads/{id}") { app, call in app.upload(call[0], call.session) },

        // Demos and review.
        Route(.get, "/instances/{id}/inspect") { app, call in app.inspect(call[0], call.session) },
        Route(.get, "/instances/{id}/map") { app, call in app.mapPage(call[0], call.session) },
        Route(.post, "/instances/{id}/restart") { app, call in app.restart(call[0], call.request, call.session) },
        Route(.post, "/instances/{id}/share") { app, call in app.share(call[0], call.session) },
        Route(.post, "/instances/{id}/unshare") { app, call in app.stopSharing(call[0], call.session) },
        Route(.get, "/shared/{token}") { app, call in app.sharedPage(call[0], call.session) },
        Route(.get, "/gallery") { app, call in app.galleryIndex(call.session) },
        Route(.get, "/gallery/{component}") { app, call in app.galleryPage(call[0], call.session) },
        Route(.get, "/feel") { app, call in app.feelPlayground(call.request, call.session) },
        Route(.get, "/instances/{id}/feel") { app, call in app.feelPlayground(call.request, call.session, instance: call[0]) },
        Route(.get, "/instances/{id}/test-case.json") { app, call in app.testCase(call[0], call.session) },
        Route(.get, "/decisions/{id}") { app, call in app.decisionPage(call[0], call.request, call.session) },
    ]
}
