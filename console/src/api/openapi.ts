/**
 * The API's request and answer shapes, generated from the OpenAPI document the server serves
 * (GET /v3/openapi) by `npm run gen:console-types` (scripts/console-types.ts). Do not edit:
 * change the route schemas in src/http and run the script again.
 */

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health and version */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Health and version */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                            /** @enum {string} */
                            name: "engram";
                            version: string;
                            database: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process is up
         * @description Answers 200 whenever the process serves HTTP; restart the process when it does not.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Liveness: the process is up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the process should be sent traffic
         * @description Answers 200 when the database answers with every migration applied, the embedding model is loaded, the worker runs (or is disabled in this process) and the server is not shutting down; 503 otherwise. Each check says what it found.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Readiness: the process should be sent traffic */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Readiness"];
                    };
                };
                /** @description HTTP 503 — Readiness: the process should be sent traffic */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Readiness"] | components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Back up the embedded database
         * @description A consistent copy of the whole embedded database while the server runs, for `engram backup` (which sends the token it derives from the server secret key); not an API key route.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a gzipped tar of the embedded database, for `engram restore` */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": string;
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a document (text or URL)
         * @description With the customId of a document of the tag, that document is updated: new content is processed again and its memories follow it as PATCH /v3/documents/{id} describes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AddDocumentInput"];
                };
            };
            responses: {
                /** @description Done: the answer — Add a document (text or URL) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            status: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a document (text or URL)
         * @deprecated
         * @description Legacy path of POST /v3/documents.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AddDocumentInput"];
                };
            };
            responses: {
                /** @description Done: the answer — Add a document (text or URL) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            status: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List documents with filters and pagination */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        filters?: ({
                            AND: components["schemas"]["FilterExpressionInput"][];
                        } | {
                            OR: components["schemas"]["FilterExpressionInput"][];
                        }) | string;
                        includeContent?: boolean;
                        limit?: number;
                        page?: number;
                        /** @enum {string} */
                        sort?: "createdAt" | "updatedAt";
                        /** @enum {string} */
                        order?: "asc" | "desc";
                        source?: string;
                        filepath?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — List documents with filters and pagination */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memories: components["schemas"]["DocumentListItem"][];
                            results: components["schemas"]["DocumentListItem"][];
                            totalCount: number;
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/memories/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List documents with filters and pagination
         * @deprecated
         * @description Legacy path of POST /v3/documents/list.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        filters?: ({
                            AND: components["schemas"]["FilterExpressionInput"][];
                        } | {
                            OR: components["schemas"]["FilterExpressionInput"][];
                        }) | string;
                        includeContent?: boolean;
                        limit?: number;
                        page?: number;
                        /** @enum {string} */
                        sort?: "createdAt" | "updatedAt";
                        /** @enum {string} */
                        order?: "asc" | "desc";
                        source?: string;
                        filepath?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — List documents with filters and pagination */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memories: components["schemas"]["DocumentListItem"][];
                            results: components["schemas"]["DocumentListItem"][];
                            totalCount: number;
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/processing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documents not yet done or failed */
        get: {
            parameters: {
                query?: {
                    containerTags?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Documents not yet done or failed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: components["schemas"]["DocumentListItem"][];
                            totalCount: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete by ids, container tags or filepath
         * @description Deletes the documents with their chunks and files. The memories drawn only from the deleted documents are deleted with them (every version); a memory another document or a direct write also supports stays, with its documentIds and sourceCount updated, and a fact's earlier version becomes the latest again when the document that updated it goes.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Documents by id or customId */
                        ids?: string[];
                        /** @description Every document of these tags */
                        containerTags?: string[];
                        /** @description The document at this path, or every document under a folder ending in / */
                        filepath?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Delete by ids, container tags or filepath */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            deletedCount: number;
                            errors?: {
                                id: string;
                                error: string;
                            }[];
                            containerTags?: string[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/memories/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete by ids, container tags or filepath
         * @deprecated
         * @description Legacy path of DELETE /v3/documents/bulk.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Documents by id or customId */
                        ids?: string[];
                        /** @description Every document of these tags */
                        containerTags?: string[];
                        /** @description The document at this path, or every document under a folder ending in / */
                        filepath?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Delete by ids, container tags or filepath */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            deletedCount: number;
                            errors?: {
                                id: string;
                                error: string;
                            }[];
                            containerTags?: string[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a document by id or customId */
        get: {
            parameters: {
                query?: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Get a document by id or customId */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Document"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a document by id or customId
         * @description Deletes the document with its chunks and files. The memories drawn only from the deleted documents are deleted with them (every version); a memory another document or a direct write also supports stays, with its documentIds and sourceCount updated, and a fact's earlier version becomes the latest again when the document that updated it goes.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done, with no body — Delete a document by id or customId */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update content or metadata
         * @description New content is processed again (status goes back to queued), and the memories drawn from the document follow it: a fact it now states with new values becomes a new version of the old one (`updates`), a fact it no longer states is forgotten (forgetReason 'no longer stated by its source document') unless another source still supports it, and a restated fact stays as it is. A new containerTag moves the document, its chunks and the memories only it supports; memories it shares with documents that stay remain in the old tag without it, and the document gets its own copy in the new tag, so a key scoped to the old tag finds nothing of it.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description New content: the document is processed again and its memories follow (changed facts superseded, dropped ones forgotten) */
                        content?: string;
                        /** @description Moves the document, with its chunks and memories, to this tag; memories it shares with documents that stay are copied */
                        containerTag?: string | null;
                        containerTags?: string[] | null;
                        customId?: string | null;
                        metadata?: {
                            [key: string]: string | number | boolean | string[];
                        } | null;
                        taskType?: ("memory" | "superrag") | null;
                        filepath?: string | null;
                        documentDate?: string | null;
                        entityContext?: string | null;
                        title?: string | null;
                        filterByMetadata?: {
                            [key: string]: unknown;
                        } | null;
                        dreaming?: ("instant" | "dynamic") | null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Update content or metadata */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            status: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v3/memories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a document by id or customId
         * @deprecated
         * @description Legacy path of GET /v3/documents/:id.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Get a document by id or customId */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Document"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a document by id or customId
         * @deprecated
         * @description Legacy path of DELETE /v3/documents/:id.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done, with no body — Delete a document by id or customId */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update content or metadata
         * @deprecated
         * @description Legacy path of PATCH /v3/documents/:id.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description New content: the document is processed again and its memories follow (changed facts superseded, dropped ones forgotten) */
                        content?: string;
                        /** @description Moves the document, with its chunks and memories, to this tag; memories it shares with documents that stay are copied */
                        containerTag?: string | null;
                        containerTags?: string[] | null;
                        customId?: string | null;
                        metadata?: {
                            [key: string]: string | number | boolean | string[];
                        } | null;
                        taskType?: ("memory" | "superrag") | null;
                        filepath?: string | null;
                        documentDate?: string | null;
                        entityContext?: string | null;
                        title?: string | null;
                        filterByMetadata?: {
                            [key: string]: unknown;
                        } | null;
                        dreaming?: ("instant" | "dynamic") | null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Update content or metadata */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            status: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v3/documents/{id}/chunks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieval chunks of a document */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Retrieval chunks of a document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documentId: string;
                            chunks: {
                                id: string;
                                documentId: string;
                                position: number;
                                index: number;
                                content: string;
                                /** @enum {string} */
                                type: "text" | "image";
                                headingPath: string[];
                                metadata: {
                                    [key: string]: unknown;
                                } | null;
                                createdAt: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add up to 600 documents */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        documents: (string | components["schemas"]["AddDocumentInput"])[];
                        containerTag?: string | null;
                        containerTags?: string[] | null;
                        customId?: string | null;
                        metadata?: {
                            [key: string]: string | number | boolean | string[];
                        } | null;
                        taskType?: ("memory" | "superrag") | null;
                        filepath?: string | null;
                        documentDate?: string | null;
                        entityContext?: string | null;
                        title?: string | null;
                        filterByMetadata?: {
                            [key: string]: unknown;
                        } | null;
                        dreaming?: ("instant" | "dynamic") | null;
                        content?: null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Add up to 600 documents */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: {
                                id: string;
                                status: string;
                                error?: string;
                                details?: string;
                            }[];
                            success: number;
                            failed: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a file (multipart/form-data, field "file") */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The file: exactly one part
                         */
                        file: string;
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        /** @description A JSON array of container tags, or one tag */
                        containerTags?: string;
                        customId?: string;
                        metadata?: string;
                        filterByMetadata?: string;
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        filepath?: string;
                        /** @description YYYY-MM-DD or ISO 8601; relative dates resolve against it */
                        documentDate?: string;
                        entityContext?: string;
                        title?: string;
                        /** @enum {string} */
                        fileType?: "text" | "pdf" | "tweet" | "google_doc" | "google_slide" | "google_sheet" | "image" | "video" | "notion_doc" | "webpage" | "onedrive" | "markdown" | "csv" | "json" | "html";
                        mimeType?: string;
                        useAdvancedProcessing?: string;
                        /** @enum {string} */
                        dreaming?: "instant" | "dynamic";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Upload a file (multipart/form-data, field "file") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            status: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/memories/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file (multipart/form-data, field "file")
         * @deprecated
         * @description Legacy path of POST /v3/documents/file.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The file: exactly one part
                         */
                        file: string;
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        /** @description A JSON array of container tags, or one tag */
                        containerTags?: string;
                        customId?: string;
                        metadata?: string;
                        filterByMetadata?: string;
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        filepath?: string;
                        /** @description YYYY-MM-DD or ISO 8601; relative dates resolve against it */
                        documentDate?: string;
                        entityContext?: string;
                        title?: string;
                        /** @enum {string} */
                        fileType?: "text" | "pdf" | "tweet" | "google_doc" | "google_slide" | "google_sheet" | "image" | "video" | "notion_doc" | "webpage" | "onedrive" | "markdown" | "csv" | "json" | "html";
                        mimeType?: string;
                        useAdvancedProcessing?: string;
                        /** @enum {string} */
                        dreaming?: "instant" | "dynamic";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Upload a file (multipart/form-data, field "file") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            status: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/{id}/file-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Signed, expiring URL of the uploaded file */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Signed, expiring URL of the uploaded file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                            expiresAt: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an uploaded file or a document attachment through a signed link */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The uploaded file or attachment, under its own media type */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "*/*": string;
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Documents with their latest memories, paginated */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        /** @description Connector sources or document types */
                        sources?: string[];
                        page?: number;
                        limit?: number;
                        /** @enum {string} */
                        sort?: "createdAt" | "updatedAt";
                        /** @enum {string} */
                        order?: "asc" | "desc";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Documents with their latest memories, paginated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: components["schemas"]["DocumentWithMemories"][];
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/documents/by-ids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Documents with their latest memories, by ids or customIds (unknown ones left out) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        ids: string[];
                        /** @enum {string} */
                        by?: "id" | "customId";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Documents with their latest memories, by ids or customIds (unknown ones left out) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: components["schemas"]["DocumentWithMemories"][];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/documents/documents/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Document counts per source, status and type */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Document counts per source, status and type */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            facets: {
                                source: {
                                    value: string | null;
                                    count: number;
                                }[];
                                status: {
                                    value: string | null;
                                    count: number;
                                }[];
                                type: {
                                    value: string | null;
                                    count: number;
                                }[];
                            };
                            total: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ingest or extend a conversation (one document per conversationId) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ConversationIngestInput"];
                };
            };
            responses: {
                /** @description Done: the answer — Ingest or extend a conversation (one document per conversationId) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            conversationId: string;
                            status: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write memories directly (embedded at once, searchable on return) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateMemoriesInput"];
                };
            };
            responses: {
                /** @description Created — Write memories directly (embedded at once, searchable on return) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documentId: string | null;
                            memories: {
                                id: string;
                                memory: string;
                                createdAt: string;
                                forgetAfter: string | null;
                                forgetReason: string | null;
                                metadata: {
                                    [key: string]: unknown;
                                } | null;
                                isStatic: boolean;
                            }[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Forget one memory (soft: hidden from search and profiles) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag: string;
                        id?: string;
                        content?: string;
                        reason?: string | null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Forget one memory (soft: hidden from search and profiles) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            forgotten: boolean;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a memory: stores a new version that updates the old one */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag: string;
                        id?: string;
                        content?: string;
                        newContent: string;
                        metadata?: {
                            [key: string]: string | number | boolean | string[];
                        } | null;
                        forgetAfter?: string | null;
                        forgetReason?: string | null;
                        temporalContext?: {
                            documentDate?: string | null;
                            eventDate?: string[] | null;
                        } | null;
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Update a memory: stores a new version that updates the old one */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            memory: string;
                            createdAt: string;
                            forgetAfter: string | null;
                            forgetReason: string | null;
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            version: number;
                            parentMemoryId: string | null;
                            rootMemoryId: string | null;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v4/memories/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List latest memories with their history and source documents
         * @description The latest version of each memory, forgotten ones included and flagged (`isForgotten`, `forgetReason`). `pagination.totalItems` counts them all; `counts.memories` the live ones (what a container tag's `memoryCount` says) and `counts.forgotten` the rest. `documentIds` are the documents any version was drawn from.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        filters?: ({
                            AND: components["schemas"]["FilterExpressionInput"][];
                        } | {
                            OR: components["schemas"]["FilterExpressionInput"][];
                        }) | string;
                        page?: number;
                        limit?: number;
                        /** @enum {string} */
                        sort?: "createdAt" | "updatedAt";
                        /** @enum {string} */
                        order?: "asc" | "desc";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — List latest memories with their history and source documents */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memoryEntries: components["schemas"]["MemoryEntry"][];
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                            counts: components["schemas"]["MemoryListCounts"];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/memories/forget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forget one memory (soft: hidden from search and profiles)
         * @deprecated
         * @description Legacy path of DELETE /v4/memories.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag: string;
                        id?: string;
                        content?: string;
                        reason?: string | null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Forget one memory (soft: hidden from search and profiles) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            forgotten: boolean;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/memories/forget-matching": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Forget memories that match a natural-language query, or by ids (with a dry run) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag: string;
                        query?: string;
                        ids?: string[];
                        /** @description Preview without forgetting. Defaults to true with `query` (a match is a judgement to check first), false with `ids` */
                        dryRun?: boolean;
                        /** @description Lowest search similarity of a memory to forget (query mode; default: the search default) */
                        threshold?: number;
                        maxForget?: number;
                        reason?: string | null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Forget memories that match a natural-language query, or by ids (with a dry run) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dryRun: boolean;
                            count: number;
                            forgetBatchId: string | null;
                            summary: string;
                            candidates?: {
                                id: string;
                                memory: string;
                                score: number;
                            }[];
                            forgotten?: {
                                id: string;
                                memory: string;
                                score: number;
                            }[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search memories, documents, or both */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SearchRequestInput"];
                };
            };
            responses: {
                /** @description Done: the answer — Search memories, documents, or both */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: components["schemas"]["SearchResult"][];
                            timing: number;
                            total: number;
                            timings?: components["schemas"]["SearchTimings"];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search documents; results grouped by document with their matching chunks */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DocumentSearchRequestInput"];
                };
            };
            responses: {
                /** @description Done: the answer — Search documents; results grouped by document with their matching chunks */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: components["schemas"]["DocumentSearchResult"][];
                            timing: number;
                            total: number;
                            timings?: components["schemas"]["SearchTimings"];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Profile of a container tag: static facts, recent context and buckets (plus search with q) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag: string;
                        q?: string;
                        threshold?: number;
                        filters?: ({
                            AND: components["schemas"]["FilterExpressionInput"][];
                        } | {
                            OR: components["schemas"]["FilterExpressionInput"][];
                        }) | string;
                        include?: ("static" | "dynamic" | "buckets")[];
                        buckets?: string[];
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Profile of a container tag: static facts, recent context and buckets (plus search with q) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            profile: {
                                static: string[];
                                dynamic: string[];
                                buckets: {
                                    [key: string]: string[];
                                };
                            };
                            searchResults?: {
                                results: unknown[];
                                total: number;
                                timing: number;
                            };
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/profile/buckets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Profile buckets that apply to a container tag (organization buckets merged with the tag’s own) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Profile buckets that apply to a container tag (organization buckets merged with the tag’s own) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buckets: {
                                key: string;
                                description: string;
                            }[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/container-tags/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Container tags with counts and last activity */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Container tags with counts and last activity */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ContainerTagListItem"][];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/container-tags/{containerTag}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Settings and counts of a container tag */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Settings and counts of a container tag */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ContainerTag"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete the documents of a container tag and forget its memories
         * @description Admin keys only. Deletes the tag's documents, chunks, connections, settings and profile. The memories drawn from those documents are deleted with them; memories no document supports (imported ones) stay, forgotten ('container tag deleted'). deletedMemoriesCount counts the live memories deleted and the memory rows forgotten.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Delete the documents of a container tag and forget its memories */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            containerTag: string;
                            deletedDocumentsCount: number;
                            deletedMemoriesCount: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update (or create) the settings of a container tag */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string | null;
                        entityContext?: string | null;
                        memoryFilesystemPaths?: string[] | null;
                        /** @description Replaces the tag's own bucket list */
                        profileBuckets?: components["schemas"]["ProfileBucketInput"][];
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Update (or create) the settings of a container tag */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            containerTag: string;
                            name: string | null;
                            entityContext: string | null;
                            memoryFilesystemPaths: string[] | null;
                            profileBuckets: components["schemas"]["ProfileBucket"][];
                            updatedAt: string;
                            documentCount: number;
                            memoryCount: number;
                            lastActivityAt: string | null;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v3/container-tags/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge container tags into a target (runs in the background) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tags to merge; may include the target */
                        containerTags?: string[];
                        /** @description Tenant key, e.g. a user or workspace id */
                        targetContainerTag?: string;
                        /** @description Alias of containerTags */
                        sourceTags?: string[];
                        /** @description Alias of targetContainerTag */
                        targetTag?: string;
                    };
                };
            };
            responses: {
                /** @description Accepted: the work is queued — Merge container tags into a target (runs in the background) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /** @enum {string} */
                            status: "queued";
                            mergeId: string;
                            targetTag: string;
                            sourceTags: string[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/container-tags/merge/{mergeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status and progress of a merge */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    mergeId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Status and progress of a merge */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ContainerTagMerge"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/container-tags/{containerTag}/inferred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Unreviewed inferred memories of a container tag */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Unreviewed inferred memories of a container tag */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memories: {
                                id: string;
                                memory: string;
                                parentCount: number;
                                createdAt: string;
                                updatedAt: string;
                                metadata: {
                                    [key: string]: unknown;
                                } | null;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/container-tags/{containerTag}/inferred/{memoryId}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve, decline or undo the review of an inferred memory */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag: string;
                    memoryId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        action: "approve" | "decline" | "undo";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Approve, decline or undo the review of an inferred memory */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            isInference: boolean;
                            isForgotten: boolean;
                            reviewStatus: ("approved" | "declined") | null;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/container-tags/{containerTag}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export a container tag (documents, files, memories with their versions, settings, profile) as NDJSON */
        get: {
            parameters: {
                query?: {
                    /** @description Include the stored vectors and the model that made them */
                    embeddings?: "true" | "false";
                };
                header?: never;
                path: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One JSON object per line: the header, the records, the end line (see docs/export-format.md) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export every container tag of the organization as NDJSON (admin keys only) */
        get: {
            parameters: {
                query?: {
                    /** @description Include the stored vectors and the model that made them */
                    embeddings?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One JSON object per line: the header, the records, the end line (see docs/export-format.md) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/container-tags/{containerTag}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import an export file into a container tag (empty, or merging by customId); re-running it changes nothing */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Tenant key, e.g. a user or workspace id */
                    containerTag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Import an export file into a container tag (empty, or merging by customId); re-running it changes nothing */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            containerTag: string;
                            counts: {
                                spaces: number;
                                documents: number;
                                chunks: number;
                                memories: number;
                                profiles: number;
                            };
                            reembedded: boolean;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Organization settings (secrets masked) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Organization settings (secrets masked) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Settings"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update organization settings; null resets a field */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SettingsUpdateInput"];
                };
            };
            responses: {
                /** @description Done: the answer — Update organization settings; null resets a field */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orgId: string;
                            orgSlug: string;
                            updated: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v3/settings/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the organization's documents, memories, extra spaces, connections and settings
         * @description Each connection is deleted as DELETE /v3/connections/{id} deletes one: its push channels, subscriptions and repository hooks are stopped at the provider and its grant revoked, by background jobs retried until the provider answers.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        confirmation: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Delete the organization's documents, memories, extra spaces, connections and settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            deletedConnections: number;
                            deletedDocumentBatches: number;
                            deletedDocumentsApprox: number;
                            deletedMemoryRows: number;
                            deletedExtraSpaces: number;
                            clearedDefaultSpaceContext: boolean;
                            clearedBrainMemoryRegistry: boolean;
                            settingsReset: boolean;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/settings/suggest-buckets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suggest 3–6 profile buckets from what the organization’s memories talk about */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Suggest 3–6 profile buckets from what the organization’s memories talk about */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            suggestions: {
                                key: string;
                                description: string;
                            }[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/auth/scoped-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a key confined to container tags (the key is shown only in this answer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Tenant key, e.g. a user or workspace id */
                        containerTag?: string;
                        containerTags?: string[];
                        name?: string;
                        /**
                         * @description Default write
                         * @enum {string}
                         */
                        permission?: "read" | "write";
                        expiresInDays?: number;
                        /** @description Requests per window; default 500 */
                        rateLimitMax?: number;
                        /** @description Window in milliseconds; default 60000 */
                        rateLimitTimeWindow?: number;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Create a key confined to container tags (the key is shown only in this answer) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            key: string;
                            id: string;
                            name: string;
                            containerTag: string;
                            containerTags: string[];
                            /** @enum {string} */
                            permission: "read" | "write";
                            expiresAt: string | null;
                            rateLimit: {
                                max: number;
                                /** @description milliseconds */
                                timeWindow: number;
                            };
                            allowedEndpoints: string[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/auth/scoped-key/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a scoped key at once */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Revoke a scoped key at once */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            id: string;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/auth/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's API keys (never their secrets) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The organization's API keys (never their secrets) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            keys: components["schemas"]["ApiKey"][];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Create a key of the organization with any role, reaching every tag (the key is shown only in this answer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        role: "admin" | "member";
                        /**
                         * @description Default write
                         * @enum {string}
                         */
                        permission?: "read" | "write";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Create a key of the organization with any role, reaching every tag (the key is shown only in this answer) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NewApiKey"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/auth/keys/{id}/toggle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable an enabled key or enable a disabled one, at once (a key cannot disable itself: 409) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Disable an enabled key or enable a disabled one, at once (a key cannot disable itself: 409) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKey"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        /** Disable an enabled key or enable a disabled one, at once (a key cannot disable itself: 409) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Disable an enabled key or enable a disabled one, at once (a key cannot disable itself: 409) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKey"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v3/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the calling key is and what it may do */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Who the calling key is and what it may do */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Self-hosted keys stand for no user account: this is the key */
                            user: {
                                id: string;
                                name: string;
                            };
                            org: {
                                id: string;
                                name: string;
                                slug: string;
                            };
                            plan: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                            scope: {
                                /** @enum {string} */
                                type: "full" | "scoped";
                                /** @enum {string} */
                                permission: "read" | "write";
                                tag?: string;
                                tags?: string[];
                                rateLimit?: {
                                    max: number;
                                    /** @description milliseconds */
                                    timeWindow: number;
                                };
                                expires?: string;
                            };
                            containerTags?: {
                                containerTag: string;
                                /** @enum {string} */
                                permission: "read" | "write";
                            }[];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List connections, by container tags and optionally provider */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                        /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                        provider?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Done: the answer — List connections, by container tags and optionally provider */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"][];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a connection: an authorization link (OAuth kinds), or a direct connection that syncs at once (web-crawler) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ConnectionCreateInput"] | null;
                };
            };
            responses: {
                /** @description Done: the answer — Create a connection: an authorization link (OAuth kinds), or a direct connection that syncs at once (web-crawler) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectionCreated"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The connector kinds this server has, with the SDK names for each and how an account is authorized */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The connector kinds this server has, with the SDK names for each and how an account is authorized */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            kinds: components["schemas"]["ConnectorKind"][];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/cleanups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deleted connections whose cleanup at the provider has not succeeded: waiting, retrying, or given up
         * @description Deleting a connection (or resetting the organization) stops its channels and subscriptions, removes its repository hooks and revokes its grant at the provider in the background, retried with backoff. This lists those not done: a failed one gave up, and its access is best removed at the provider by hand (each attempt is logged too).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Deleted connections whose cleanup at the provider has not succeeded: waiting, retrying, or given up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectionCleanup"][];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/cleanups/{connectionId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try a cleanup that gave up again, from its first attempt
         * @description For a cleanup listed as failed, once what stopped it is fixed (for example the organization's own OAuth application configured again). A cleanup still waiting or retrying answers 409; one of an unknown connection 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Try a cleanup that gave up again, from its first attempt */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectionCleanup"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/cleanups/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Dismiss a cleanup: it is never tried again
         * @description For a cleanup whose access was removed at the provider by hand. A cleanup running at this moment answers 409.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Dismiss a cleanup: it is never tried again */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connectionId: string;
                            /** @enum {boolean} */
                            dismissed: true;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A connection with its last sync run */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — A connection with its last sync run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a connection by id (deleteDocuments, default true), or by provider and containerTags (body)
         * @description Syncing stops at once. With its documents (the default, and always when deleting by provider) the memories drawn only from them are deleted too; memories another document or a direct write also supports stay, with their documentIds and sourceCount updated. What the connection set up at the provider is undone in the background by a durable job, retried until the provider answers: its push channel or subscription stopped, its repository hooks removed, its grant revoked (Google, GitHub, Notion) unless another connection uses the same account.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Default true: the imported documents are deleted, with the memories drawn only from them; false keeps both */
                    deleteDocuments?: "0" | "1" | "true" | "false" | "";
                };
                header?: never;
                path: {
                    /** @description A connection id, or a provider with containerTags in the body */
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                    } | null;
                };
            };
            responses: {
                /** @description Done: the answer — Delete a connection by id (deleteDocuments, default true), or by provider and containerTags (body) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectionDeleted"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{provider}/connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The connection of a provider in the container tags */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags: string[];
                    };
                };
            };
            responses: {
                /** @description Done: the answer — The connection of a provider in the container tags */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{provider}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sync now: every connection of the provider, or those of the container tags */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                    } | null;
                };
            };
            responses: {
                /** @description Plain text */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{provider}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Documents a provider imported, in the container tags */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        containerTags?: string[];
                    } | null;
                };
            };
            responses: {
                /** @description Done: the answer — Documents a provider imported, in the container tags */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectionDocument"][];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{connectionId}/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Resources the connection can sync (code host: repositories) */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                    parent_id?: string;
                };
                header?: never;
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Resources the connection can sync (code host: repositories) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            resources: {
                                [key: string]: unknown;
                            }[];
                            total_count: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{connectionId}/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose what the connection syncs (code host: repositories); webhooks are registered where possible */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        resources: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Choose what the connection syncs (code host: repositories); webhooks are registered where possible */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                            webhooksRegistered: number;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{connectionId}/sync-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest sync runs of a connection, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The latest sync runs of a connection, newest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SyncRun"][];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/auth/callback/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the provider returns the end user after authorization (register this URL with the provider) */
        get: {
            parameters: {
                query?: {
                    code?: string;
                    state?: string;
                    error?: string;
                    error_description?: string;
                    error_uri?: string;
                };
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Where the provider returns the end user after authorization (register this URL with the provider) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectionAuthorized"];
                    };
                };
                /** @description To the redirectUrl given at creation */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the provider returns the end user after authorization (register this URL with the provider) */
        get: {
            parameters: {
                query?: {
                    code?: string;
                    state?: string;
                    error?: string;
                    error_description?: string;
                    error_uri?: string;
                };
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Where the provider returns the end user after authorization (register this URL with the provider) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectionAuthorized"];
                    };
                };
                /** @description To the redirectUrl given at creation */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/webhooks/{provider}/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A provider's webhook delivery for one connection (answered at once; the sync runs as a job) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A provider's handshake answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description Accepted: the work is queued — A provider's webhook delivery for one connection (answered at once; the sync runs as a job) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookAccepted"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/webhooks/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A provider's push for every connection of a kind (Gmail's Pub/Sub push with ?token= and/or its OIDC ID token as Authorization: Bearer, Notion's signed events and its verification request) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted: the work is queued — A provider's push for every connection of a kind (Gmail's Pub/Sub push with ?token= and/or its OIDC ID token as Authorization: Bearer, Notion's signed events and its verification request) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookAccepted"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/connections/webhooks/{provider}/verification-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The verification token kept from the first the provider sent to the kind's push URL (Notion), to paste into the provider's settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The verification token kept from the first the provider sent to the kind's push URL (Notion), to paste into the provider's settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookVerificationToken"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Replaces the kind's verification token (e.g. with the unsolicited one, once checked in the provider's settings) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookVerificationTokenReplacementInput"];
                };
            };
            responses: {
                /** @description Done: the answer — Replaces the kind's verification token (e.g. with the unsolicited one, once checked in the provider's settings) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookVerificationToken"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        /** Clears the kind's verification token: events are refused until the provider sends one again, which is kept */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A connector kind id (code-host, web-crawler, …) or the SDK name (github, …) */
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Cleared */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's webhook endpoints */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The organization's webhook endpoints */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhooks: components["schemas"]["WebhookEndpoint"][];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Register a webhook endpoint (its signing secret is shown only in this answer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url: string;
                        description?: string | null;
                        eventTypes: ("document.queued" | "document.done" | "document.failed" | "document.deleted" | "memory.created" | "memory.updated" | "memory.superseded" | "memory.forgotten" | "memory.deleted" | "profile.changed" | "connection.created" | "connection.synced" | "connection.failed" | "connection.deleted" | "container_tag.merged" | "container_tag.imported" | "container_tag.deleted" | "organization.reset")[];
                        /** @description Only events of these container tags; none or null: every tag */
                        containerTags?: string[] | null;
                        /** @description Default true */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created — Register a webhook endpoint (its signing secret is shown only in this answer) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook endpoint */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — A webhook endpoint */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpoint"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its deliveries */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Delete a webhook endpoint and its deliveries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a webhook endpoint */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url?: string;
                        description?: string | null;
                        eventTypes?: ("document.queued" | "document.done" | "document.failed" | "document.deleted" | "memory.created" | "memory.updated" | "memory.superseded" | "memory.forgotten" | "memory.deleted" | "profile.changed" | "connection.created" | "connection.synced" | "connection.failed" | "connection.deleted" | "container_tag.merged" | "container_tag.imported" | "container_tag.deleted" | "organization.reset")[];
                        containerTags?: string[] | null;
                        /** @description Enabling an endpoint clears the reason it was disabled */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Change a webhook endpoint */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpoint"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v3/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret, shown only in this answer; the replaced one still signs during the grace period */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description How long the replaced secret still signs; default the server setting */
                        graceSeconds?: number;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — A new signing secret, shown only in this answer; the replaced one still signs during the grace period */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook endpoint's deliveries, newest first, with their attempts and the receiver's last answer */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — A webhook endpoint's deliveries, newest first, with their attempts and the receiver's last answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: components["schemas"]["WebhookDelivery"][];
                        };
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery's event again (the same webhook-id), after the endpoint's other deliveries */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    deliveryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted: the work is queued — Send a delivery's event again (the same webhook-id), after the endpoint's other deliveries */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a document (text or URL) to a namespace
         * @description With the id of a text document of the namespace (its caller-defined id), the content is appended to that document (content that starts with the stored text replaces it: a whole transcript sent again) and only what was added is extracted; a URL or file document is replaced. The answer names the document by the id given, else by the id engram gave it.
         */
        post: {
            parameters: {
                query?: {
                    taskType?: "memory" | "superrag";
                    dreaming?: "dynamic" | "instant";
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Text, or an http(s) URL to fetch */
                        content: string;
                        /** @description A caller-defined document id (the v3 customId); an existing one updates that document */
                        id?: string;
                        /** @description Guides memory extraction in this namespace (the v3 entityContext) */
                        supportingContext?: string;
                        /** @description Flat key/value metadata: strings, numbers, booleans or string arrays */
                        metadata?: {
                            [key: string]: string | number | boolean | string[];
                        };
                        /** @description Accepted; not yet used to isolate context */
                        group?: {
                            [key: string]: string | number | boolean | string[];
                        };
                        /** @description When the source content is from (the v3 documentDate) */
                        date?: string;
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        /** @enum {string} */
                        dreaming?: "dynamic" | "instant";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Add a document (text or URL) to a namespace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
                        };
                    };
                };
                /** @description HTTP 400 — Add a document (text or URL) to a namespace */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /**
         * Delete documents of a namespace by id
         * @description Each id is looked up in the namespace on its own: one not found is reported in `errors` and the others are deleted. Memories drawn only from a deleted document go with it, as DELETE /v3/documents/bulk describes.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Document ids or caller-defined ids */
                        ids: string[];
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Delete documents of a namespace by id */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Documents deleted */
                            count: number;
                            /** @description Per-document failures */
                            errors: {
                                id: string;
                                error: string;
                            }[];
                        };
                    };
                };
                /** @description HTTP 400 — Delete documents of a namespace by id */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/document/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file to a namespace (multipart/form-data, field "file")
         * @description As POST /v3/documents/file: the same conversion, limits and processing; the form’s fields are spelt as v5 spells them (supportingContext, date), metadata JSON-encoded.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The file: exactly one part
                         */
                        file: string;
                        /** @description Guides memory extraction in this namespace (the v3 entityContext) */
                        supportingContext?: string;
                        /** @description JSON-encoded metadata of the document */
                        metadata?: string;
                        /** @description JSON-encoded; accepted, not yet used */
                        group?: string;
                        /** @description When the content is from (the v3 documentDate) */
                        date?: string;
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        /** @enum {string} */
                        dreaming?: "dynamic" | "instant";
                        /**
                         * @description video and audio are not supported yet
                         * @enum {string}
                         */
                        fileType?: "text" | "pdf" | "image" | "video" | "audio";
                        mimeType?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Upload a file to a namespace (multipart/form-data, field "file") */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
                        };
                    };
                };
                /** @description HTTP 400 — Upload a file to a namespace (multipart/form-data, field "file") */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/document/file/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a document of a namespace with a file, keeping its id
         * @description The file and the fields given replace the document’s content and fields, as a new upload would (metadata {} when none is given); it is processed again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The file: exactly one part
                         */
                        file: string;
                        /** @description Guides memory extraction in this namespace (the v3 entityContext) */
                        supportingContext?: string;
                        /** @description JSON-encoded metadata of the document */
                        metadata?: string;
                        /** @description JSON-encoded; accepted, not yet used */
                        group?: string;
                        /** @description When the content is from (the v3 documentDate) */
                        date?: string;
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        /** @enum {string} */
                        dreaming?: "dynamic" | "instant";
                        /**
                         * @description video and audio are not supported yet
                         * @enum {string}
                         */
                        fileType?: "text" | "pdf" | "image" | "video" | "audio";
                        mimeType?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Replace a document of a namespace with a file, keeping its id */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
                        };
                    };
                };
                /** @description HTTP 400 — Replace a document of a namespace with a file, keeping its id */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Give a document of a namespace a new file, keeping the fields not given
         * @description The file, when one is sent, replaces the content and the document is processed again; the fields given (metadata, supportingContext, date, taskType) change, the others stay. Without a file only the fields change.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The file: exactly one part
                         */
                        file: string;
                        /** @description Guides memory extraction in this namespace (the v3 entityContext) */
                        supportingContext?: string;
                        /** @description JSON-encoded metadata of the document */
                        metadata?: string;
                        /** @description JSON-encoded; accepted, not yet used */
                        group?: string;
                        /** @description When the content is from (the v3 documentDate) */
                        date?: string;
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        /** @enum {string} */
                        dreaming?: "dynamic" | "instant";
                        /**
                         * @description video and audio are not supported yet
                         * @enum {string}
                         */
                        fileType?: "text" | "pdf" | "image" | "video" | "audio";
                        mimeType?: string;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Give a document of a namespace a new file, keeping the fields not given */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
                        };
                    };
                };
                /** @description HTTP 400 — Give a document of a namespace a new file, keeping the fields not given */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/ns/{namespace}/document/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add up to 600 documents (text or URL) to a namespace
         * @description Each document as a single add takes it (an existing id is appended to), accepted or refused on its own, as POST /v3/documents/batch does. Results: the accepted ones first, in request order, then the refused ones.
         */
        post: {
            parameters: {
                query?: {
                    taskType?: "memory" | "superrag";
                    dreaming?: "dynamic" | "instant";
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        documents: {
                            /** @description Text, or an http(s) URL to fetch */
                            content: string;
                            /** @description A caller-defined document id; an existing one is appended to, as a single add does */
                            id?: string;
                            /** @description Guides memory extraction in this namespace (the v3 entityContext) */
                            supportingContext?: string;
                            /** @description Flat key/value metadata: strings, numbers, booleans or string arrays */
                            metadata?: {
                                [key: string]: string | number | boolean | string[];
                            };
                            /** @description Accepted; not yet used to isolate context */
                            group?: {
                                [key: string]: string | number | boolean | string[];
                            };
                            /** @description When the source content is from (the v3 documentDate) */
                            date?: string;
                        }[];
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        /** @enum {string} */
                        dreaming?: "dynamic" | "instant";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Add up to 600 documents (text or URL) to a namespace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: {
                                /** @description The id given, else the one engram gave; empty for a refused document given none */
                                id: string;
                                /** @enum {string} */
                                status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed" | "error";
                                error?: string;
                                details?: string;
                                /** @description The URL of a refused document, when its content was one */
                                url?: string;
                            }[];
                            /** @description Documents accepted */
                            count: number;
                            /** @description Documents refused */
                            failed: number;
                        };
                    };
                };
                /** @description HTTP 400 — Add up to 600 documents (text or URL) to a namespace */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/document/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a document of a namespace, with its chunks or memories when asked */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated: chunks, memories, or both */
                    include?: string;
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Get a document of a namespace, with its chunks or memories when asked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            title: string | null;
                            type: string;
                            summary: string | null;
                            content: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            system: {
                                /** @enum {string} */
                                status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
                                createdAt: string;
                                updatedAt: string;
                            };
                            chunks?: {
                                id: string;
                                position: number;
                                content: string;
                                type: string;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                system: {
                                    createdAt: string;
                                };
                            }[];
                            memories?: {
                                id: string;
                                memory: string;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                isStatic: boolean;
                                isInference: boolean;
                                isLatest: boolean;
                                isForgotten: boolean;
                                version: number;
                                system: {
                                    createdAt: string;
                                    updatedAt: string;
                                };
                            }[];
                        };
                    };
                };
                /** @description HTTP 400 — Get a document of a namespace, with its chunks or memories when asked */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a document of a namespace
         * @description New content replaces the document’s and is processed again; its memories follow it as PATCH /v3/documents/{id} describes. Fields left out stay as they are.
         */
        patch: {
            parameters: {
                query?: {
                    taskType?: "memory" | "superrag";
                    dreaming?: "dynamic" | "instant";
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description New content, processed again */
                        content?: string;
                        /** @description Guides memory extraction in this namespace (the v3 entityContext) */
                        supportingContext?: string;
                        /** @description Flat key/value metadata: strings, numbers, booleans or string arrays */
                        metadata?: {
                            [key: string]: string | number | boolean | string[];
                        };
                        /** @description Accepted; not yet used to isolate context */
                        group?: {
                            [key: string]: string | number | boolean | string[];
                        };
                        /** @description When the source content is from (the v3 documentDate) */
                        date?: string;
                        /** @enum {string} */
                        taskType?: "memory" | "superrag";
                        /** @enum {string} */
                        dreaming?: "dynamic" | "instant";
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Update a document of a namespace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
                        };
                    };
                };
                /** @description HTTP 400 — Update a document of a namespace */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/ns/{namespace}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the memories and document chunks of a namespace
         * @description Hybrid (memories and chunks) unless searchMode says otherwise; threshold 0.3 and limit 10 by default. rerank order reranks the results; aggregate reranks them too and adds statements combined from several found memories that overlap (isInference: true, an id starting agg_, metadata.sources naming the memories; not stored), within the limit.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description What to look for, in natural language */
                        query: string;
                        filter?: components["schemas"]["FilterExpressionV5Input"];
                        /**
                         * @description hybrid (default): memories and chunks; memories; chunks
                         * @enum {string}
                         */
                        searchMode?: "hybrid" | "memories" | "chunks";
                        /** @description Default 10 */
                        limit?: number;
                        include?: {
                            documents?: boolean;
                            related?: boolean;
                            forgotten?: boolean;
                        };
                        /** @description Minimum similarity (0..1); default 0.3 */
                        threshold?: number;
                        /**
                         * @description order reranks the results; aggregate also adds statements combined from several found memories that overlap (isInference, not stored)
                         * @enum {string}
                         */
                        rerank?: "none" | "order" | "aggregate";
                        rewriteQuery?: boolean;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Search the memories and document chunks of a namespace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: {
                                /** @description Memory id for a memory, chunk id for a chunk */
                                id: string;
                                memory?: string;
                                chunk?: string;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                similarity: number;
                                isLatest: boolean;
                                isInference: boolean;
                                system: {
                                    updatedAt: string;
                                    createdAt?: string;
                                };
                                included?: {
                                    related?: {
                                        parents: {
                                            id: string;
                                            /** @enum {string} */
                                            relation: "updates" | "extends" | "derives";
                                            version?: number | null;
                                            memory: string;
                                            metadata: {
                                                [key: string]: unknown;
                                            };
                                            system: {
                                                updatedAt: string;
                                            };
                                            /** @description Its source document, when both related and documents are asked for (GET /ns/{namespace}/memories/{id}) */
                                            document?: {
                                                id: string;
                                                title: string | null;
                                                type: string | null;
                                                metadata: {
                                                    [key: string]: unknown;
                                                };
                                                summary: string | null;
                                                system: {
                                                    createdAt: string;
                                                    updatedAt: string;
                                                };
                                            };
                                        }[];
                                        children: {
                                            id: string;
                                            /** @enum {string} */
                                            relation: "updates" | "extends" | "derives";
                                            version?: number | null;
                                            memory: string;
                                            metadata: {
                                                [key: string]: unknown;
                                            };
                                            system: {
                                                updatedAt: string;
                                            };
                                            /** @description Its source document, when both related and documents are asked for (GET /ns/{namespace}/memories/{id}) */
                                            document?: {
                                                id: string;
                                                title: string | null;
                                                type: string | null;
                                                metadata: {
                                                    [key: string]: unknown;
                                                };
                                                summary: string | null;
                                                system: {
                                                    createdAt: string;
                                                    updatedAt: string;
                                                };
                                            };
                                        }[];
                                        siblings: {
                                            id: string;
                                            /** @enum {string} */
                                            relation: "updates" | "extends" | "derives";
                                            version?: number | null;
                                            memory: string;
                                            metadata: {
                                                [key: string]: unknown;
                                            };
                                            system: {
                                                updatedAt: string;
                                            };
                                            /** @description Its source document, when both related and documents are asked for (GET /ns/{namespace}/memories/{id}) */
                                            document?: {
                                                id: string;
                                                title: string | null;
                                                type: string | null;
                                                metadata: {
                                                    [key: string]: unknown;
                                                };
                                                summary: string | null;
                                                system: {
                                                    createdAt: string;
                                                    updatedAt: string;
                                                };
                                            };
                                        }[];
                                    };
                                    document?: {
                                        id: string;
                                        title: string | null;
                                        type: string | null;
                                        metadata: {
                                            [key: string]: unknown;
                                        };
                                        summary: string | null;
                                        system: {
                                            createdAt: string;
                                            updatedAt: string;
                                        };
                                    };
                                };
                            }[];
                            searchTime: number;
                        };
                    };
                };
                /** @description HTTP 400 — Search the memories and document chunks of a namespace */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Profile of a namespace: lasting facts, recent context and buckets
         * @description Recent context lines start with the day they are about, `[YYYY-MM-DD]`, when it is known. With `Accept: text/markdown` the profile is answered as a markdown document (text/markdown) instead: lasting facts, recent context, then each bucket.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filter?: components["schemas"]["FilterExpressionV5Input"];
                        buckets?: string[];
                    } | null;
                };
            };
            responses: {
                /** @description Done: the answer — Profile of a namespace: lasting facts, recent context and buckets. Send `Accept: text/markdown` to receive it as a markdown document instead of JSON. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            profile: {
                                static: {
                                    id: string;
                                    memory: string;
                                }[];
                                dynamic: {
                                    id: string;
                                    memory: string;
                                }[];
                                buckets: {
                                    [key: string]: {
                                        id: string;
                                        memory: string;
                                    }[];
                                };
                            };
                        };
                        "text/markdown": string;
                    };
                };
                /** @description HTTP 400 — Profile of a namespace: lasting facts, recent context and buckets */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/profile/buckets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Profile buckets that apply to a namespace, by name
         * @description The organization’s buckets merged with the namespace’s own, as POST /v4/profile/buckets lists them.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Profile buckets that apply to a namespace, by name */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buckets: {
                                [key: string]: string;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — Profile buckets that apply to a namespace, by name */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /**
         * Add or update buckets of the namespace’s own, by name
         * @description Buckets not named stay as they are; a namespace holds at most 50 of its own. An organization bucket cannot be changed here (409).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        buckets: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Add or update buckets of the namespace’s own, by name */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buckets: {
                                [key: string]: string;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — Add or update buckets of the namespace’s own, by name */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove buckets of the namespace’s own, by name
         * @description Names the namespace does not have are ignored; an organization bucket cannot be removed here (409).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        buckets: string[];
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Remove buckets of the namespace’s own, by name */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buckets: {
                                [key: string]: string;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — Remove buckets of the namespace’s own, by name */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/list/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the documents or memories of a namespace, a page at a time
         * @description Chunks are those of the namespace’s documents, the filter applying to their documents’ metadata; `sort: position` applies to chunks only (documents and memories sort by createdAt then), and chunks have no updatedAt (createdAt is used).
         */
        post: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    sort?: "createdAt" | "updatedAt" | "position";
                    order?: "asc" | "desc";
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    type: "documents" | "chunks" | "memories";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filter?: components["schemas"]["FilterExpressionV5Input"];
                        include?: {
                            forgotten?: boolean;
                        };
                    } | null;
                };
            };
            responses: {
                /** @description Done: the answer — List the documents or memories of a namespace, a page at a time */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                id: string;
                                title: string | null;
                                type: string;
                                summary: string | null;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                url: string | null;
                                system: {
                                    status: string;
                                    createdAt: string;
                                    updatedAt: string;
                                };
                            }[];
                            chunks: {
                                id: string;
                                position: number;
                                content: string;
                                type: string;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                system: {
                                    createdAt: string;
                                };
                                documentId: string;
                            }[];
                            memories: {
                                id: string;
                                memory: string;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                isStatic: boolean;
                                isInference: boolean;
                                isLatest: boolean;
                                isForgotten: boolean;
                                version: number;
                                system: {
                                    createdAt: string;
                                    updatedAt: string;
                                };
                            }[];
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — List the documents or memories of a namespace, a page at a time */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/memories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One memory of a namespace, with its versions and related memories and its source document when asked for
         * @description include=related adds the versions it updates (parents) and that update it (children) and the memories it extends or derives from (siblings), each nearest first, at most relatedLimit of each, as search’s include.related; include=documents its source document (and each related memory’s, with both). A forgotten memory is answered too, isForgotten: true.
         */
        get: {
            parameters: {
                query?: {
                    include?: string;
                    relatedLimit?: number;
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — One memory of a namespace, with its versions and related memories and its source document when asked for */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            memory: string;
                            metadata: {
                                [key: string]: unknown;
                            };
                            isStatic: boolean;
                            isInference: boolean;
                            isLatest: boolean;
                            isForgotten: boolean;
                            version: number;
                            system: {
                                createdAt: string;
                                updatedAt: string;
                            };
                            included?: {
                                related?: {
                                    parents: {
                                        id: string;
                                        /** @enum {string} */
                                        relation: "updates" | "extends" | "derives";
                                        version?: number | null;
                                        memory: string;
                                        metadata: {
                                            [key: string]: unknown;
                                        };
                                        system: {
                                            updatedAt: string;
                                        };
                                        /** @description Its source document, when both related and documents are asked for (GET /ns/{namespace}/memories/{id}) */
                                        document?: {
                                            id: string;
                                            title: string | null;
                                            type: string | null;
                                            metadata: {
                                                [key: string]: unknown;
                                            };
                                            summary: string | null;
                                            system: {
                                                createdAt: string;
                                                updatedAt: string;
                                            };
                                        };
                                    }[];
                                    children: {
                                        id: string;
                                        /** @enum {string} */
                                        relation: "updates" | "extends" | "derives";
                                        version?: number | null;
                                        memory: string;
                                        metadata: {
                                            [key: string]: unknown;
                                        };
                                        system: {
                                            updatedAt: string;
                                        };
                                        /** @description Its source document, when both related and documents are asked for (GET /ns/{namespace}/memories/{id}) */
                                        document?: {
                                            id: string;
                                            title: string | null;
                                            type: string | null;
                                            metadata: {
                                                [key: string]: unknown;
                                            };
                                            summary: string | null;
                                            system: {
                                                createdAt: string;
                                                updatedAt: string;
                                            };
                                        };
                                    }[];
                                    siblings: {
                                        id: string;
                                        /** @enum {string} */
                                        relation: "updates" | "extends" | "derives";
                                        version?: number | null;
                                        memory: string;
                                        metadata: {
                                            [key: string]: unknown;
                                        };
                                        system: {
                                            updatedAt: string;
                                        };
                                        /** @description Its source document, when both related and documents are asked for (GET /ns/{namespace}/memories/{id}) */
                                        document?: {
                                            id: string;
                                            title: string | null;
                                            type: string | null;
                                            metadata: {
                                                [key: string]: unknown;
                                            };
                                            summary: string | null;
                                            system: {
                                                createdAt: string;
                                                updatedAt: string;
                                            };
                                        };
                                    }[];
                                };
                                document?: {
                                    id: string;
                                    title: string | null;
                                    type: string | null;
                                    metadata: {
                                        [key: string]: unknown;
                                    };
                                    summary: string | null;
                                    system: {
                                        createdAt: string;
                                        updatedAt: string;
                                    };
                                };
                            };
                        };
                    };
                };
                /** @description HTTP 400 — One memory of a namespace, with its versions and related memories and its source document when asked for */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Forget memories of a namespace by id
         * @description Each id on its own: one that is not a live latest memory of the namespace is reported in `errors`, the others are forgotten.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ids: string[];
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Forget memories of a namespace by id */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Memories matched: forgotten, or that would be with dryRun */
                            count: number;
                            /** @description Per-memory failures of a forget by ids */
                            errors: {
                                id: string;
                                error: string;
                            }[];
                            matches: {
                                id: string;
                                memory: string;
                            }[];
                        };
                    };
                };
                /** @description HTTP 400 — Forget memories of a namespace by id */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/memories/semantic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Forget the memories of a namespace that state what a query describes, or preview them
         * @description The memories a search of the namespace finds at least as close as forget-matching asks and that state the query’s topic. dryRun is required: true previews, false forgets.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        query: string;
                        dryRun: boolean;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Forget the memories of a namespace that state what a query describes, or preview them */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Memories matched: forgotten, or that would be with dryRun */
                            count: number;
                            /** @description Per-memory failures of a forget by ids */
                            errors: {
                                id: string;
                                error: string;
                            }[];
                            matches: {
                                id: string;
                                memory: string;
                            }[];
                        };
                    };
                };
                /** @description HTTP 400 — Forget the memories of a namespace that state what a query describes, or preview them */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/namespaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Namespaces the key reaches, newest first, with their counts
         * @description The container tags of the organization (a scoped key: its own), as GET /v3/container-tags/list counts them.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Namespaces the key reaches, newest first, with their counts */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            namespaces: {
                                id: string;
                                namespace: string;
                                documentCount: number;
                                memoryCount: number;
                                description: string | null;
                                system: {
                                    createdAt: string;
                                    updatedAt: string;
                                };
                            }[];
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — Namespaces the key reaches, newest first, with their counts */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Namespaces the key reaches, newest first, with their counts
         * @description The container tags of the organization (a scoped key: its own), as GET /v3/container-tags/list counts them.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Namespaces the key reaches, newest first, with their counts */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            namespaces: {
                                id: string;
                                namespace: string;
                                documentCount: number;
                                memoryCount: number;
                                description: string | null;
                                system: {
                                    createdAt: string;
                                    updatedAt: string;
                                };
                            }[];
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — Namespaces the key reaches, newest first, with their counts */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The supporting context of a namespace */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The supporting context of a namespace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            namespace: string;
                            supportingContext: string | null;
                            system: {
                                createdAt: string;
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — The supporting context of a namespace */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a namespace, or move its content into another (moveTo) and retire it
         * @description Admin keys only, as DELETE /v3/container-tags/{containerTag} and POST /v3/container-tags/merge. Without moveTo the namespace’s documents go, with the memories drawn from them (200, status deleted). With moveTo its content is merged into that namespace in the background (202, status queued; operationId is the merge id).
         */
        delete: {
            parameters: {
                query?: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    moveTo?: string;
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Delete a namespace, or move its content into another (moveTo) and retire it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "deleted";
                            namespace: string;
                            deletedDocumentsCount: number;
                            deletedMemoriesCount: number;
                        };
                    };
                };
                /** @description Accepted: the work is queued — Delete a namespace, or move its content into another (moveTo) and retire it */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "queued";
                            /** @description The merge id: GET /v3/container-tags/merge/{mergeId} follows it */
                            operationId: string;
                            namespace: string;
                            moveTo: string;
                        };
                    };
                };
                /** @description HTTP 400 — Delete a namespace, or move its content into another (moveTo) and retire it */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Set or clear (null) the supporting context of a namespace
         * @description As PATCH /v3/container-tags/{containerTag} with entityContext, a namespace that does not exist yet is created.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        supportingContext?: string | null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Set or clear (null) the supporting context of a namespace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            namespace: string;
                            supportingContext: string | null;
                            system: {
                                createdAt: string;
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — Set or clear (null) the supporting context of a namespace */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization’s shared context and its number of namespaces */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The organization’s shared context and its number of namespaces */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The workspacePrompt of /v3/settings: instructions that guide extraction in every namespace */
                            organizationalContext: string | null;
                            /** @description Namespaces (container tags) the key reaches */
                            namespaceCount: number;
                        };
                    };
                };
                /** @description HTTP 400 — The organization’s shared context and its number of namespaces */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set or clear (null) the organization’s shared context
         * @description Admin keys only, as PATCH /v3/settings: it is the workspacePrompt of the settings.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        organizationalContext: string | null;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Set or clear (null) the organization’s shared context */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The workspacePrompt of /v3/settings: instructions that guide extraction in every namespace */
                            organizationalContext: string | null;
                            /** @description Namespaces (container tags) the key reaches */
                            namespaceCount: number;
                        };
                    };
                };
                /** @description HTTP 400 — Set or clear (null) the organization’s shared context */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Connectors of every namespace the key reaches, newest first (pending ones are not listed) */
        get: {
            parameters: {
                query?: {
                    /** @description A provider name of the contract, or the engram kind id it stands for (github or code-host, gmail or mail, …) */
                    provider?: "notion" | "google-drive" | "onedrive" | "gmail" | "github" | "web-crawler" | "s3" | "granola" | "cloud-drive" | "mail" | "notes-workspace" | "office-drive" | "code-host" | "meetings";
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Connectors of every namespace the key reaches, newest first (pending ones are not listed) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connectors: {
                                id: string;
                                /** @enum {string} */
                                provider: "notion" | "google-drive" | "onedrive" | "gmail" | "github" | "web-crawler" | "s3" | "granola";
                                /**
                                 * @description pending_authorization until authorized; a connection that needs authorizing again stays active, its lastSync failed
                                 * @enum {string}
                                 */
                                status: "pending_authorization" | "active";
                                /** @description While pending: when its authorization link stops working */
                                authUrlExpiresAt?: string;
                                namespace: string | null;
                                account: string | null;
                                capabilities: {
                                    selectable: boolean;
                                    webhooks: boolean;
                                };
                                /** @description Its non-secret setup; credentials are never answered */
                                config: {
                                    [key: string]: string | number | boolean;
                                } | null;
                                /** @description Null: what a code-host connection syncs is read through GET /v3/connections/{id}/resources */
                                selection: null;
                                /** @description 10000 (the most the contract allows) when the connection has no limit of its own */
                                documentLimit: number;
                                documentCount: number;
                                lastSync: {
                                    /** @enum {string} */
                                    status: "running" | "completed" | "failed";
                                    /** @description A code the contract does not name (not_allowed) reads as internal */
                                    errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                    error: string | null;
                                    startedAt: string;
                                    completedAt: string | null;
                                } | null;
                                lastSyncedAt: string | null;
                                createdAt: string;
                                /** @description With include=syncs: its 10 latest sync runs */
                                syncs?: {
                                    /** @enum {string} */
                                    status: "running" | "completed" | "failed";
                                    /** @description A code the contract does not name (not_allowed) reads as internal */
                                    errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                    error: string | null;
                                    startedAt: string;
                                    completedAt: string | null;
                                    id: string;
                                    /** @enum {string} */
                                    trigger: "event" | "cron" | "manual";
                                    itemsProcessed: number;
                                    itemsFailed: number;
                                    /** @description Always empty: engram counts failed items (itemsFailed) but keeps no list of them */
                                    failures: {
                                        documentId: string;
                                        title: string | null;
                                        errorCode: string;
                                        errorMessage: string;
                                        failedAt: string;
                                    }[];
                                }[];
                                /** @description With include=picker: null, engram has no hosted picker */
                                picker?: null;
                            }[];
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — Connectors of every namespace the key reaches, newest first (pending ones are not listed) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The connectors of a namespace, newest first (pending ones are not listed) */
        get: {
            parameters: {
                query?: {
                    /** @description A provider name of the contract, or the engram kind id it stands for (github or code-host, gmail or mail, …) */
                    provider?: "notion" | "google-drive" | "onedrive" | "gmail" | "github" | "web-crawler" | "s3" | "granola" | "cloud-drive" | "mail" | "notes-workspace" | "office-drive" | "code-host" | "meetings";
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — The connectors of a namespace, newest first (pending ones are not listed) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connectors: {
                                id: string;
                                /** @enum {string} */
                                provider: "notion" | "google-drive" | "onedrive" | "gmail" | "github" | "web-crawler" | "s3" | "granola";
                                /**
                                 * @description pending_authorization until authorized; a connection that needs authorizing again stays active, its lastSync failed
                                 * @enum {string}
                                 */
                                status: "pending_authorization" | "active";
                                /** @description While pending: when its authorization link stops working */
                                authUrlExpiresAt?: string;
                                namespace: string | null;
                                account: string | null;
                                capabilities: {
                                    selectable: boolean;
                                    webhooks: boolean;
                                };
                                /** @description Its non-secret setup; credentials are never answered */
                                config: {
                                    [key: string]: string | number | boolean;
                                } | null;
                                /** @description Null: what a code-host connection syncs is read through GET /v3/connections/{id}/resources */
                                selection: null;
                                /** @description 10000 (the most the contract allows) when the connection has no limit of its own */
                                documentLimit: number;
                                documentCount: number;
                                lastSync: {
                                    /** @enum {string} */
                                    status: "running" | "completed" | "failed";
                                    /** @description A code the contract does not name (not_allowed) reads as internal */
                                    errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                    error: string | null;
                                    startedAt: string;
                                    completedAt: string | null;
                                } | null;
                                lastSyncedAt: string | null;
                                createdAt: string;
                                /** @description With include=syncs: its 10 latest sync runs */
                                syncs?: {
                                    /** @enum {string} */
                                    status: "running" | "completed" | "failed";
                                    /** @description A code the contract does not name (not_allowed) reads as internal */
                                    errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                    error: string | null;
                                    startedAt: string;
                                    completedAt: string | null;
                                    id: string;
                                    /** @enum {string} */
                                    trigger: "event" | "cron" | "manual";
                                    itemsProcessed: number;
                                    itemsFailed: number;
                                    /** @description Always empty: engram counts failed items (itemsFailed) but keeps no list of them */
                                    failures: {
                                        documentId: string;
                                        title: string | null;
                                        errorCode: string;
                                        errorMessage: string;
                                        failedAt: string;
                                    }[];
                                }[];
                                /** @description With include=picker: null, engram has no hosted picker */
                                picker?: null;
                            }[];
                            pagination: {
                                currentPage: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                /** @description HTTP 400 — The connectors of a namespace, newest first (pending ones are not listed) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Connect a provider to the namespace: an authorization link (OAuth kinds) or a connector that syncs at once
         * @description As POST /v3/connections/{provider} with containerTag: the namespace. config is the v3 metadata (the web crawler’s crawlDepth its maxDepth); metadata is accepted too. A second create of a kind in a namespace authorizes its connector again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description A provider name of the contract, or the engram kind id it stands for (github or code-host, gmail or mail, …)
                         * @enum {string}
                         */
                        provider: "notion" | "google-drive" | "onedrive" | "gmail" | "github" | "web-crawler" | "s3" | "granola" | "cloud-drive" | "mail" | "notes-workspace" | "office-drive" | "code-host" | "meetings";
                        /** @description The provider's setup (startUrl and crawlDepth, the S3 bucket and keys, the Granola apiKey…); credentials are stored sealed */
                        config?: {
                            [key: string]: string | number | boolean;
                        };
                        /** @description Engram’s name for config (the v3 metadata), with its own field names (maxDepth, maxPages…); config wins on a clash */
                        metadata?: {
                            [key: string]: (string | number | boolean) | string[];
                        };
                        /**
                         * Format: uri
                         * @description Where the end user returns after authorizing
                         */
                        redirectUrl?: string;
                        documentLimit?: number;
                    };
                };
            };
            responses: {
                /** @description Created — Connect a provider to the namespace: an authorization link (OAuth kinds) or a connector that syncs at once */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @description Where the end user authorizes (OAuth kinds); null for kinds set up by config */
                            authUrl: string | null;
                            authUrlExpiresAt: string | null;
                        };
                    };
                };
                /** @description HTTP 400 — Connect a provider to the namespace: an authorization link (OAuth kinds) or a connector that syncs at once */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ns/{namespace}/connectors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A connector; include=syncs adds its latest sync runs */
        get: {
            parameters: {
                query?: {
                    include?: string | string[];
                    /** @description Accepted; engram offers no hosted picker */
                    returnUrl?: string;
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — A connector; include=syncs adds its latest sync runs */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            provider: "notion" | "google-drive" | "onedrive" | "gmail" | "github" | "web-crawler" | "s3" | "granola";
                            /**
                             * @description pending_authorization until authorized; a connection that needs authorizing again stays active, its lastSync failed
                             * @enum {string}
                             */
                            status: "pending_authorization" | "active";
                            /** @description While pending: when its authorization link stops working */
                            authUrlExpiresAt?: string;
                            namespace: string | null;
                            account: string | null;
                            capabilities: {
                                selectable: boolean;
                                webhooks: boolean;
                            };
                            /** @description Its non-secret setup; credentials are never answered */
                            config: {
                                [key: string]: string | number | boolean;
                            } | null;
                            /** @description Null: what a code-host connection syncs is read through GET /v3/connections/{id}/resources */
                            selection: null;
                            /** @description 10000 (the most the contract allows) when the connection has no limit of its own */
                            documentLimit: number;
                            documentCount: number;
                            lastSync: {
                                /** @enum {string} */
                                status: "running" | "completed" | "failed";
                                /** @description A code the contract does not name (not_allowed) reads as internal */
                                errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                error: string | null;
                                startedAt: string;
                                completedAt: string | null;
                            } | null;
                            lastSyncedAt: string | null;
                            createdAt: string;
                            /** @description With include=syncs: its 10 latest sync runs */
                            syncs?: {
                                /** @enum {string} */
                                status: "running" | "completed" | "failed";
                                /** @description A code the contract does not name (not_allowed) reads as internal */
                                errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                error: string | null;
                                startedAt: string;
                                completedAt: string | null;
                                id: string;
                                /** @enum {string} */
                                trigger: "event" | "cron" | "manual";
                                itemsProcessed: number;
                                itemsFailed: number;
                                /** @description Always empty: engram counts failed items (itemsFailed) but keeps no list of them */
                                failures: {
                                    documentId: string;
                                    title: string | null;
                                    errorCode: string;
                                    errorMessage: string;
                                    failedAt: string;
                                }[];
                            }[];
                            /** @description With include=picker: null, engram has no hosted picker */
                            picker?: null;
                        };
                    };
                };
                /** @description HTTP 400 — A connector; include=syncs adds its latest sync runs */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Disconnect a connector, with its imported documents unless deleteDocuments=false
         * @description As DELETE /v3/connections/{id}: syncing stops at once; what it set up at the provider is undone in the background.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Default true: the imported documents go, with the memories drawn only from them */
                    deleteDocuments?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done: the answer — Disconnect a connector, with its imported documents unless deleteDocuments=false */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
                /** @description HTTP 400 — Disconnect a connector, with its imported documents unless deleteDocuments=false */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change how many documents a connector imports
         * @description A selection is refused (400): what a code-host connection syncs is chosen with POST /v3/connections/{id}/configure.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Not supported yet: POST /v3/connections/{id}/configure chooses what a code-host connection syncs */
                        selection?: {
                            repos?: string[];
                            labels?: string[];
                            files?: string[];
                            folders?: string[];
                        };
                        documentLimit?: number;
                    };
                };
            };
            responses: {
                /** @description Done: the answer — Change how many documents a connector imports */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            provider: "notion" | "google-drive" | "onedrive" | "gmail" | "github" | "web-crawler" | "s3" | "granola";
                            /**
                             * @description pending_authorization until authorized; a connection that needs authorizing again stays active, its lastSync failed
                             * @enum {string}
                             */
                            status: "pending_authorization" | "active";
                            /** @description While pending: when its authorization link stops working */
                            authUrlExpiresAt?: string;
                            namespace: string | null;
                            account: string | null;
                            capabilities: {
                                selectable: boolean;
                                webhooks: boolean;
                            };
                            /** @description Its non-secret setup; credentials are never answered */
                            config: {
                                [key: string]: string | number | boolean;
                            } | null;
                            /** @description Null: what a code-host connection syncs is read through GET /v3/connections/{id}/resources */
                            selection: null;
                            /** @description 10000 (the most the contract allows) when the connection has no limit of its own */
                            documentLimit: number;
                            documentCount: number;
                            lastSync: {
                                /** @enum {string} */
                                status: "running" | "completed" | "failed";
                                /** @description A code the contract does not name (not_allowed) reads as internal */
                                errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                error: string | null;
                                startedAt: string;
                                completedAt: string | null;
                            } | null;
                            lastSyncedAt: string | null;
                            createdAt: string;
                            /** @description With include=syncs: its 10 latest sync runs */
                            syncs?: {
                                /** @enum {string} */
                                status: "running" | "completed" | "failed";
                                /** @description A code the contract does not name (not_allowed) reads as internal */
                                errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "internal") | null;
                                error: string | null;
                                startedAt: string;
                                completedAt: string | null;
                                id: string;
                                /** @enum {string} */
                                trigger: "event" | "cron" | "manual";
                                itemsProcessed: number;
                                itemsFailed: number;
                                /** @description Always empty: engram counts failed items (itemsFailed) but keeps no list of them */
                                failures: {
                                    documentId: string;
                                    title: string | null;
                                    errorCode: string;
                                    errorMessage: string;
                                    failedAt: string;
                                }[];
                            }[];
                            /** @description With include=picker: null, engram has no hosted picker */
                            picker?: null;
                        };
                    };
                };
                /** @description HTTP 400 — Change how many documents a connector imports */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/ns/{namespace}/connectors/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync a connector now
         * @description A sync running now answers 409; one already waiting answers queued. A connector not yet authorized answers 400.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The isolated namespace (the container tag of the v3/v4 API) */
                    namespace: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted: the work is queued — Sync a connector now */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "queued";
                        };
                    };
                };
                /** @description HTTP 400 — Sync a connector now */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["ValidationErrorResponse"];
                    };
                };
                /** @description The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429). */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description The server failed; the answer carries no internals. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "document.queued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** document.queued (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "document.queued";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            customId?: string | null;
                            title?: string | null;
                            status?: string;
                            type?: string;
                            connectionId?: string;
                            /** @description document.failed: why */
                            error?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.done": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** document.done (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "document.done";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            customId?: string | null;
                            title?: string | null;
                            status?: string;
                            type?: string;
                            connectionId?: string;
                            /** @description document.failed: why */
                            error?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** document.failed (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "document.failed";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            customId?: string | null;
                            title?: string | null;
                            status?: string;
                            type?: string;
                            connectionId?: string;
                            /** @description document.failed: why */
                            error?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** document.deleted (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "document.deleted";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            customId?: string | null;
                            title?: string | null;
                            status?: string;
                            type?: string;
                            connectionId?: string;
                            /** @description document.failed: why */
                            error?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** memory.created (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "memory.created";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            /** @description Up to 2,000 characters; `truncated` past that (read the memory by id) */
                            memory: string;
                            truncated?: boolean;
                            version: number;
                            parentMemoryId: string | null;
                            rootMemoryId: string;
                            isInference: boolean;
                            /** @description memory.created, memory.updated: the documents it was drawn from */
                            sourceDocumentIds?: string[];
                            forgetReason?: string | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** memory.updated (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "memory.updated";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            /** @description Up to 2,000 characters; `truncated` past that (read the memory by id) */
                            memory: string;
                            truncated?: boolean;
                            version: number;
                            parentMemoryId: string | null;
                            rootMemoryId: string;
                            isInference: boolean;
                            /** @description memory.created, memory.updated: the documents it was drawn from */
                            sourceDocumentIds?: string[];
                            forgetReason?: string | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory.superseded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** memory.superseded (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "memory.superseded";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            version: number;
                            rootMemoryId: string;
                            supersededBy: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory.forgotten": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** memory.forgotten (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "memory.forgotten";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            /** @description Up to 2,000 characters; `truncated` past that (read the memory by id) */
                            memory: string;
                            truncated?: boolean;
                            version: number;
                            parentMemoryId: string | null;
                            rootMemoryId: string;
                            isInference: boolean;
                            /** @description memory.created, memory.updated: the documents it was drawn from */
                            sourceDocumentIds?: string[];
                            forgetReason?: string | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** memory.deleted (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "memory.deleted";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            /** @description Up to 2,000 characters; `truncated` past that (read the memory by id) */
                            memory: string;
                            truncated?: boolean;
                            version: number;
                            parentMemoryId: string | null;
                            rootMemoryId: string;
                            isInference: boolean;
                            /** @description memory.created, memory.updated: the documents it was drawn from */
                            sourceDocumentIds?: string[];
                            forgetReason?: string | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "profile.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** profile.changed (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "profile.changed";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            containerTag: string;
                            /** @description Lines the static part holds now */
                            staticCount: number;
                            /** @description Lines the recent-context part holds now */
                            dynamicCount: number;
                            /** @description Lines each bucket holds now */
                            bucketCounts: {
                                [key: string]: number;
                            };
                            static: {
                                /** @description Lines the part gained */
                                added: {
                                    /** @description The memory the line states */
                                    id: string;
                                    /** @description The line's text, as the v5 profile (`POST /ns/{namespace}/profile`) serves it (a recent-context line starts with `[YYYY-MM-DD]` when its day is known); up to 2,000 characters, `truncated` past that */
                                    memory: string;
                                    /** @constant */
                                    truncated?: true;
                                }[];
                                /** @description Lines the part lost (a line whose memory changed: the old one removed, the new one added) */
                                removed: {
                                    /** @description The memory the line states */
                                    id: string;
                                    /** @description The line's text, as the v5 profile (`POST /ns/{namespace}/profile`) serves it (a recent-context line starts with `[YYYY-MM-DD]` when its day is known); up to 2,000 characters, `truncated` past that */
                                    memory: string;
                                    /** @constant */
                                    truncated?: true;
                                }[];
                                /** @description Lines added but not listed: at most 20 lines are listed over all the parts */
                                moreAdded: number;
                                /** @description Lines removed but not listed */
                                moreRemoved: number;
                            };
                            dynamic: {
                                /** @description Lines the part gained */
                                added: {
                                    /** @description The memory the line states */
                                    id: string;
                                    /** @description The line's text, as the v5 profile (`POST /ns/{namespace}/profile`) serves it (a recent-context line starts with `[YYYY-MM-DD]` when its day is known); up to 2,000 characters, `truncated` past that */
                                    memory: string;
                                    /** @constant */
                                    truncated?: true;
                                }[];
                                /** @description Lines the part lost (a line whose memory changed: the old one removed, the new one added) */
                                removed: {
                                    /** @description The memory the line states */
                                    id: string;
                                    /** @description The line's text, as the v5 profile (`POST /ns/{namespace}/profile`) serves it (a recent-context line starts with `[YYYY-MM-DD]` when its day is known); up to 2,000 characters, `truncated` past that */
                                    memory: string;
                                    /** @constant */
                                    truncated?: true;
                                }[];
                                /** @description Lines added but not listed: at most 20 lines are listed over all the parts */
                                moreAdded: number;
                                /** @description Lines removed but not listed */
                                moreRemoved: number;
                            };
                            /** @description The buckets that changed */
                            buckets: {
                                [key: string]: {
                                    /** @description Lines the part gained */
                                    added: {
                                        /** @description The memory the line states */
                                        id: string;
                                        /** @description The line's text, as the v5 profile (`POST /ns/{namespace}/profile`) serves it (a recent-context line starts with `[YYYY-MM-DD]` when its day is known); up to 2,000 characters, `truncated` past that */
                                        memory: string;
                                        /** @constant */
                                        truncated?: true;
                                    }[];
                                    /** @description Lines the part lost (a line whose memory changed: the old one removed, the new one added) */
                                    removed: {
                                        /** @description The memory the line states */
                                        id: string;
                                        /** @description The line's text, as the v5 profile (`POST /ns/{namespace}/profile`) serves it (a recent-context line starts with `[YYYY-MM-DD]` when its day is known); up to 2,000 characters, `truncated` past that */
                                        memory: string;
                                        /** @constant */
                                        truncated?: true;
                                    }[];
                                    /** @description Lines added but not listed: at most 20 lines are listed over all the parts */
                                    moreAdded: number;
                                    /** @description Lines removed but not listed */
                                    moreRemoved: number;
                                };
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.created (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "connection.created";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            provider: string;
                            status: string;
                            /** @description connection.synced, connection.failed: the run */
                            run?: {
                                id: string;
                                trigger: string;
                                status: string;
                                itemsProcessed: number;
                                itemsDeleted: number;
                                itemsFailed: number;
                                errorCode: string | null;
                                error: string | null;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.synced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.synced (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "connection.synced";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            provider: string;
                            status: string;
                            /** @description connection.synced, connection.failed: the run */
                            run?: {
                                id: string;
                                trigger: string;
                                status: string;
                                itemsProcessed: number;
                                itemsDeleted: number;
                                itemsFailed: number;
                                errorCode: string | null;
                                error: string | null;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.failed (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "connection.failed";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            provider: string;
                            status: string;
                            /** @description connection.synced, connection.failed: the run */
                            run?: {
                                id: string;
                                trigger: string;
                                status: string;
                                itemsProcessed: number;
                                itemsDeleted: number;
                                itemsFailed: number;
                                errorCode: string | null;
                                error: string | null;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.deleted (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "connection.deleted";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            id: string;
                            provider: string;
                            status: string;
                            /** @description connection.synced, connection.failed: the run */
                            run?: {
                                id: string;
                                trigger: string;
                                status: string;
                                itemsProcessed: number;
                                itemsDeleted: number;
                                itemsFailed: number;
                                errorCode: string | null;
                                error: string | null;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "container_tag.merged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** container_tag.merged (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "container_tag.merged";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            mergeId: string;
                            /** @description The target tag */
                            containerTag: string;
                            /** @description The tags merged into it (deleted) */
                            sourceTags: string[];
                            moved: {
                                documents: number;
                                chunks: number;
                                memories: number;
                                renamedCustomIds: number;
                                duplicateMemories: number;
                            } | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "container_tag.imported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** container_tag.imported (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "container_tag.imported";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            containerTag: string;
                            /** @description The file's records */
                            counts: {
                                spaces: number;
                                documents: number;
                                chunks: number;
                                memories: number;
                                profiles: number;
                            };
                            /** @description The rows it added (a re-run of the same file adds none) */
                            inserted: {
                                documents: number;
                                chunks: number;
                                memories: number;
                            };
                            reembedded: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "container_tag.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** container_tag.deleted (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "container_tag.deleted";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            containerTag: string;
                            deletedDocumentsCount: number;
                            deletedMemoriesCount: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "organization.reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** organization.reset (sent to endpoints registered with POST /v3/webhooks) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id: deduplicate by it */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was signed */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated, one per secret in use */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The event id, also sent as webhook-id: the same on every retry and re-send */
                        id: string;
                        /** @constant */
                        type: "organization.reset";
                        /** @description When the change happened (ISO 8601) */
                        timestamp: string;
                        organization: string;
                        containerTag: string | null;
                        data: {
                            deletedConnections: number;
                            deletedDocuments: number;
                            deletedMemoryRows: number;
                            deletedExtraSpaces: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx: delivered. Anything else, or no answer in time: retried with backoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Every error answer has this shape. */
        ErrorResponseInput: {
            error: string;
            details?: string;
        };
        FilterExpressionInput: {
            key: string;
            value: string | number | boolean;
            /** @enum {string} */
            filterType?: "metadata" | "numeric" | "array_contains" | "string_contains";
            /** @enum {string} */
            numericOperator?: ">" | "<" | ">=" | "<=" | "=";
            negate?: boolean | ("true" | "false");
            ignoreCase?: boolean | ("true" | "false");
        } | {
            AND: components["schemas"]["FilterExpressionInput"][];
        } | {
            OR: components["schemas"]["FilterExpressionInput"][];
        };
        ConnectionCreateInput: {
            /** @description Tenant key, e.g. a user or workspace id */
            containerTag?: string;
            /** @description Deprecated: one tag */
            containerTags?: string[];
            documentLimit?: number;
            /** @description Kind-specific settings, e.g. startUrl for the web crawler */
            metadata?: {
                [key: string]: string | number | boolean | string[];
            } | null;
            /**
             * Format: uri
             * @description Where the end user returns after authorizing
             */
            redirectUrl?: string;
        };
        ConnectionCreatedInput: {
            id: string;
            /** @description OAuth kinds: where the end user authorizes, valid 1 hour; an empty string for kinds with nothing to authorize (web-crawler, meetings) */
            authLink: string;
            /** @description How long authLink stays valid ("1 hour"); an empty string when there is no link */
            expiresIn: string;
            redirectsTo?: string;
        };
        ConnectionDeletedInput: {
            id: string;
            provider: string;
        };
        ConnectorKindInput: {
            /** @description The kind id (code-host, web-crawler, …) */
            kind: string;
            /** @description The SDK's provider names for it (github, …) */
            aliases: string[];
            /** @enum {string} */
            auth: "oauth" | "credentials";
        };
        LastSyncRunInput: {
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "not_allowed" | "internal") | null;
            error: string | null;
            startedAt: string;
            completedAt: string | null;
        };
        ConnectionPushInput: {
            /**
             * @description off: turned off by its metadata; waiting: made after the next sync; active: notifications arrive; refused: the provider refused them for this authorization (reason says why): authorize again, or turn push off; syncs go on on schedule
             * @enum {string}
             */
            state: "off" | "waiting" | "active" | "refused";
            reason: string | null;
            /** @description when an active subscription is renewed */
            renewBy: string | null;
        };
        ConnectionInput: {
            id: string;
            /** @description The connector kind id */
            provider: string;
            createdAt: string;
            containerTag: string;
            /** @description Deprecated: the one containerTag */
            containerTags: string[];
            documentLimit?: number;
            email?: string;
            /** @description while pending, the end of its authorization link: it is deleted then unless authorized; absent once authorized */
            expiresAt?: string;
            metadata: {
                [key: string]: unknown;
            };
            /**
             * @description pending until authorized; error until authorized again
             * @enum {string}
             */
            status: "pending" | "active" | "error";
            lastSyncRun: components["schemas"]["LastSyncRunInput"] | null;
            /** @description the provider's change notifications, for kinds that subscribe to them */
            push?: components["schemas"]["ConnectionPushInput"];
        };
        SyncRunInput: {
            id: string;
            connectionId: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            /** @enum {string} */
            triggerType: "event" | "cron" | "manual";
            startedAt: string;
            completedAt: string | null;
            itemsProcessed: number;
            itemsFailed: number;
            itemsDeleted: number;
            error: string | null;
            errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "not_allowed" | "internal") | null;
        };
        ConnectionDocumentInput: {
            id: string;
            createdAt: string;
            updatedAt: string;
            status: string;
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            containerTag: string;
        };
        ConnectionCleanupInput: {
            /** @description The deleted connection */
            connectionId: string;
            /** @description The connector kind id */
            provider: string;
            /**
             * @description pending: not tried yet (or running); retrying: failed, tried again at nextAttemptAt; failed: gave up, finish it at the provider by hand
             * @enum {string}
             */
            status: "pending" | "retrying" | "failed";
            attempts: number;
            maxAttempts: number;
            /** @description Why the last attempt failed (no tokens, no user content) */
            lastError: string | null;
            nextAttemptAt: string | null;
            /** @description When the connection was deleted */
            queuedAt: string;
            updatedAt: string;
        };
        ConnectionAuthorizedInput: {
            /** @constant */
            success: true;
            connectionId: string;
            message: string;
        };
        WebhookAcceptedInput: {
            /** @constant */
            accepted: true;
            duplicate: boolean;
        };
        /** @description The token kept from the first the provider sent to the kind's push URL, to paste back into its settings */
        WebhookVerificationTokenInput: {
            verificationToken: string;
            receivedAt: string;
            /** @description Whether a signed event has verified with this token */
            verified: boolean;
            verifiedAt: string | null;
            /** @description The latest token sent after the one kept: it verifies nothing until an admin puts it in place */
            unsolicited: {
                verificationToken: string;
                receivedAt: string;
            } | null;
        };
        WebhookVerificationTokenReplacementInput: {
            verificationToken: string;
        };
        WebhookEndpointInput: {
            id: string;
            url: string;
            description: string | null;
            eventTypes: string[];
            containerTags: string[] | null;
            enabled: boolean;
            disabledReason: string | null;
            /** @description Until then the secret a rotation replaced still signs */
            previousSecretExpiresAt: string | null;
            createdAt: string;
            updatedAt: string;
        };
        WebhookEndpointWithSecretInput: {
            id: string;
            url: string;
            description: string | null;
            eventTypes: string[];
            containerTags: string[] | null;
            enabled: boolean;
            disabledReason: string | null;
            /** @description Until then the secret a rotation replaced still signs */
            previousSecretExpiresAt: string | null;
            createdAt: string;
            updatedAt: string;
            /** @description The signing secret (whsec_…), shown only in this answer */
            secret: string;
        };
        WebhookDeliveryInput: {
            id: string;
            eventId: string;
            eventType: string;
            containerTag: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            nextAttemptAt: string | null;
            lastAttemptAt: string | null;
            lastStatus: number | null;
            lastResponse: string | null;
            createdAt: string;
        };
        ContainerTagMergeInput: {
            id: string;
            status: string;
            sourceTags: string[];
            targetTag: string;
            progress: {
                phase?: string;
                currentSourceTag?: string;
                copiedRows?: number;
                completedSourceTags?: string[];
                inFlightItems?: number;
                attempt?: number;
                moved?: {
                    documents: number;
                    chunks: number;
                    memories: number;
                    renamedCustomIds: number;
                    duplicateMemories: number;
                };
            } | null;
            lastError: string | null;
            createdAt: string;
            updatedAt: string;
            completedAt: string | null;
        };
        ProfileBucketInput: {
            key: string;
            /** @default  */
            description: string;
        };
        ContainerTagListItemInput: {
            id: string;
            name: string;
            containerTag: string;
            description: string | null;
            createdAt: string;
            updatedAt: string;
            isExperimental: boolean;
            isNova: boolean;
            /** @description Every document of the tag, direct writes' lightweight documents included, as /v3/documents/list counts them */
            documentCount: number;
            /** @description Latest, not forgotten memories (counts.memories of /v4/memories/list) */
            memoryCount: number;
            lastActivityAt: string | null;
            /** @enum {string} */
            mergeStatus?: "source" | "target";
            mergeId?: string;
            mergeTargetTag?: string;
        };
        ContainerTagInput: {
            containerTag: string;
            name: string | null;
            entityContext: string | null;
            memoryFilesystemPaths: string[] | null;
            profileBuckets: components["schemas"]["ProfileBucketInput"][];
            updatedAt: string;
            documentCount: number;
            memoryCount: number;
            lastActivityAt: string | null;
            createdAt: string;
        };
        ConversationIngestInput: {
            conversationId?: string;
            customId?: string;
            messages: {
                /** @enum {string} */
                role: "user" | "assistant" | "system" | "tool";
                content: string | ({
                    /** @constant */
                    type: "text";
                    text: string;
                } | {
                    /** @constant */
                    type: "image_url";
                    imageUrl?: {
                        url: string;
                    };
                    image_url?: {
                        url: string;
                    };
                })[];
                name?: string;
                tool_calls?: unknown[];
                tool_call_id?: string;
            }[];
            /** @description Tenant key, e.g. a user or workspace id */
            containerTag?: string;
            containerTags?: string[];
            /** @description Flat key/value metadata: strings, numbers, booleans or string arrays */
            metadata?: {
                [key: string]: string | number | boolean | string[];
            };
            entityContext?: string;
            /** @description YYYY-MM-DD or ISO 8601; relative dates resolve against it */
            documentDate?: string;
        };
        AddDocumentInput: {
            /** @description Text, markdown, or an http(s) URL to fetch */
            content: string;
            containerTag?: string | null;
            containerTags?: string[] | null;
            customId?: string | null;
            metadata?: {
                [key: string]: string | number | boolean | string[];
            } | null;
            taskType?: ("memory" | "superrag") | null;
            filepath?: string | null;
            documentDate?: string | null;
            entityContext?: string | null;
            title?: string | null;
            filterByMetadata?: {
                [key: string]: unknown;
            } | null;
            dreaming?: ("instant" | "dynamic") | null;
        };
        MemoryEntryInput: {
            id: string;
            memory: string;
            containerTag: string;
            version: number;
            isLatest: boolean;
            isForgotten: boolean;
            isStatic: boolean;
            isInference: boolean | null;
            createdAt: string;
            updatedAt: string;
            spaceId: string | null;
            orgId: string;
            sourceCount: number;
            parentMemoryId: string | null;
            rootMemoryId: string | null;
            forgetAfter: string | null;
            forgetReason: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            memoryRelations: {
                [key: string]: "updates" | "extends" | "derives";
            } | null;
            temporalContext: {
                documentDate?: string | null;
                eventDate?: string[] | null;
            } | null;
            history: {
                id: string;
                memory: string;
                version: number;
                createdAt: string;
                updatedAt: string;
                parentMemoryId: string | null;
                rootMemoryId: string | null;
                isLatest: boolean;
                isForgotten: boolean;
            }[];
            documentIds: string[];
        };
        DocumentListItemInput: {
            id: string;
            customId: string | null;
            connectionId: string | null;
            containerTag: string;
            containerTags: string[];
            createdAt: string;
            updatedAt: string;
            filepath: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            source: string | null;
            taskType: string;
            content?: string | null;
        };
        DocumentInput: {
            id: string;
            customId: string | null;
            connectionId: string | null;
            containerTag: string;
            containerTags: string[];
            createdAt: string;
            updatedAt: string;
            filepath: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            source: string | null;
            taskType: string;
            content: string | null;
            raw: string | null;
            ogImage: string | null;
            spatialPoint: null;
            documentDate: string | null;
            /** @enum {string} */
            dreamingStatus: "dreaming" | "done";
            error: string | null;
            memories?: {
                id: string;
                memory: string;
                createdAt: string;
                updatedAt: string | null;
                isLatest: boolean;
                isForgotten: boolean;
                isStatic: boolean;
                isInference: boolean;
                version: number;
                sourceCount: number;
                metadata: {
                    [key: string]: unknown;
                } | null;
                parentMemoryId: string | null;
                rootMemoryId: string | null;
            }[];
            processingMetadata: {
                attempts?: number;
                format?: string;
                mimeType?: string;
                steps: {
                    name: string;
                    status: string;
                    startedAt: string;
                    finishedAt?: string;
                    error?: string;
                    detail?: {
                        [key: string]: number;
                    };
                    /** @description The memories step: who extracted them (the chat model, the offline extractor, or the offline extractor standing in for the model on some parts, with the reason) and the tokens the model reported, summed over every request, retries included. */
                    extraction?: {
                        /** @enum {string} */
                        extractor: "llm" | "offline" | "llm+offline";
                        model?: string;
                        parts?: number;
                        fallback?: {
                            reason: string;
                            parts: number;
                        };
                        requests?: number;
                        tokens?: {
                            prompt: number;
                            completion: number;
                            total: number;
                        };
                        truncatedReplies?: number;
                    };
                }[];
            };
        };
        DocumentWithMemoriesInput: {
            id: string;
            customId: string | null;
            connectionId: string | null;
            containerTag: string;
            containerTags: string[];
            createdAt: string;
            updatedAt: string;
            filepath: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            source: string | null;
            taskType: string;
            content?: string | null;
            memoryEntries: components["schemas"]["MemoryEntryInput"][];
        };
        /** @description Whether this process should be sent traffic, and why */
        ReadinessInput: {
            ready: boolean;
            checks: {
                /** @description Not shutting down */
                server: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description The database answers */
                database: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description Every migration of this version is applied */
                migrations: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description The embedding model is loaded (requests sent before wait for it) */
                embedder: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description The job worker runs, or this process runs none (serve --no-worker) */
                worker: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
            };
        };
        ApiKeyInput: {
            id: string;
            name: string;
            /** @description First characters of the key, to recognise it */
            prefix: string;
            /** @enum {string} */
            role: "admin" | "member";
            /** @enum {string} */
            permission: "read" | "write";
            scoped: boolean;
            containerTags: string[] | null;
            expiresAt: string | null;
            rateLimit: {
                max: number;
                /** @description milliseconds */
                timeWindow: number;
            } | null;
            disabled: boolean;
            createdAt: string;
        };
        MemoryListCountsInput: {
            /** @description Live memories listed (latest, not forgotten): the container tag list counts these as memoryCount */
            memories: number;
            /** @description Forgotten memories listed (flagged); memories + forgotten = pagination.totalItems */
            forgotten: number;
        };
        CreateMemoriesInput: {
            /** @description Tenant key, e.g. a user or workspace id */
            containerTag: string;
            memories: {
                content: string;
                /** @description A lasting trait (identity, role) rather than an episode */
                isStatic?: boolean;
                metadata?: {
                    [key: string]: string | number | boolean | string[];
                } | null;
                /** @description ISO date after which the memory drops out of search */
                forgetAfter?: string | null;
                forgetReason?: string | null;
                temporalContext?: {
                    documentDate?: string | null;
                    eventDate?: string[] | null;
                } | null;
            }[];
        };
        RetrieverExplanationInput: {
            /**
             * @description The index that holds the result: memories, or document chunks
             * @enum {string}
             */
            source: "memory" | "chunk";
            vector: {
                /** @description Place in the vector (cosine) retriever's own candidates (1 = best); null when it did not pick this row */
                rank: number | null;
                /** @description The vector (cosine) score */
                score: number | null;
            };
            lexical: {
                /** @description Place in the lexical (rarity-weighted word match, BM25-like) retriever's own candidates (1 = best); null when it did not pick this row */
                rank: number | null;
                /** @description The lexical (rarity-weighted word match, BM25-like) score */
                score: number | null;
            };
            /** @description Both scores weighted together, before source context and calibration give the similarity */
            fused: number;
            /** @description With rerank: the similarity before the reranker replaced it */
            firstStage?: number;
        };
        SearchTimingsInput: {
            /** @description Query planning, with rewriting when asked */
            rewrite?: number;
            /** @description Embedding the query; runs while words are matched */
            embedding?: number;
            /** @description Both retrievers, including the wait for the embedding */
            retrieval?: number;
            rerank?: number;
            /** @description Loading what the results show */
            assembly?: number;
            total: number;
        };
        SearchResultInput: {
            /** @description Memory id for memory hits, chunk id for chunk hits */
            id: string;
            memory?: string;
            chunk?: string;
            /** @description Chunk hits: the document the chunk belongs to */
            documentId?: string;
            containerTag: string;
            metadata: {
                [key: string]: unknown;
            } | null;
            similarity: number;
            updatedAt: string;
            filepath?: string | null;
            version?: number | null;
            rootMemoryId?: string | null;
            isAggregated?: boolean;
            context?: {
                parents: {
                    memory: string;
                    /** @enum {string} */
                    relation: "updates" | "extends" | "derives";
                    updatedAt: string;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    version?: number | null;
                }[];
                children: {
                    memory: string;
                    /** @enum {string} */
                    relation: "updates" | "extends" | "derives";
                    updatedAt: string;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    version?: number | null;
                }[];
                related: {
                    memory: string;
                    /** @enum {string} */
                    relation: "extends" | "derives";
                    updatedAt: string;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                }[];
            };
            documents?: {
                id: string;
                createdAt: string;
                updatedAt: string;
                title?: string | null;
                type?: string | null;
                metadata?: {
                    [key: string]: unknown;
                } | null;
                summary?: string | null;
            }[];
            chunks?: {
                content: string;
                documentId: string;
                position: number;
                score: number;
            }[];
            /** @description With explain: true, which retrievers found this result and how each scored it */
            retrievers?: components["schemas"]["RetrieverExplanationInput"];
        };
        DocumentSearchResultInput: {
            documentId: string;
            chunks: {
                content: string;
                isRelevant: boolean;
                score: number;
                position: number;
                /** @description With explain: true, for chunks the retrievers found */
                retrievers?: components["schemas"]["RetrieverExplanationInput"];
            }[];
            createdAt: string;
            updatedAt: string;
            metadata: {
                [key: string]: unknown;
            } | null;
            score: number;
            title: string | null;
            type: string | null;
            containerTag: string;
            filepath: string | null;
            summary?: string | null;
            content?: string | null;
        };
        SearchRequestInput: {
            /** @description What to look for, in natural language */
            q: string;
            containerTag?: string | null;
            containerTags?: string[] | null;
            /** @description Minimum similarity (0..1); default 0.4, 0 returns the most */
            threshold?: number;
            limit?: number;
            /**
             * @description memories (default), documents, or hybrid (both)
             * @enum {string}
             */
            searchMode?: "memories" | "hybrid" | "documents";
            filters?: ({
                AND: components["schemas"]["FilterExpressionInput"][];
            } | {
                OR: components["schemas"]["FilterExpressionInput"][];
            }) | string;
            filepath?: string;
            rerank?: boolean;
            rewriteQuery?: boolean;
            /** @description Adds to each result which retrievers found it with their own ranks and scores (`retrievers`), and the time of each phase (`timings`) */
            explain?: boolean;
            /** @description Accepted for compatibility; results are never aggregated */
            aggregate?: boolean;
            include?: {
                documents?: boolean;
                summaries?: boolean;
                relatedMemories?: boolean;
                forgottenMemories?: boolean;
                /** @description Deprecated: implies hybrid and attaches matching chunks to memory results */
                chunks?: boolean;
            };
        };
        DocumentSearchRequestInput: {
            /** @description What to look for, in natural language */
            q: string;
            containerTag?: string | null;
            containerTags?: string[] | null;
            /** @description Search inside this document only */
            docId?: string;
            filters?: ({
                AND: components["schemas"]["FilterExpressionInput"][];
            } | {
                OR: components["schemas"]["FilterExpressionInput"][];
            }) | string;
            filepath?: string;
            /** @description Documents to return */
            limit?: number;
            chunkThreshold?: number;
            /** @description Deprecated and ignored */
            documentThreshold?: number;
            /** @description false adds the chunks around each match, flagged isRelevant: false */
            onlyMatchingChunks?: boolean;
            includeFullDocs?: boolean;
            includeSummary?: boolean;
            rerank?: boolean;
            rewriteQuery?: boolean;
            /** @description Adds to each result which retrievers found it with their own ranks and scores (`retrievers`), and the time of each phase (`timings`) */
            explain?: boolean;
            /** @description Deprecated and ignored */
            categoriesFilter?: string[];
        };
        SyncItemRulesInput: {
            /** @description Extensions, mime types or document types */
            fileTypes?: string[];
            folderNames?: string[];
            /** @description `*` matches any run of characters */
            titlePatterns?: string[];
            /** @description Each matched against the file type, any folder and the title; what a plain list sets */
            patterns?: string[];
        };
        SettingsUpdateInput: {
            excludeItems?: (components["schemas"]["SyncItemRulesInput"] | string[]) | null;
            includeItems?: (components["schemas"]["SyncItemRulesInput"] | string[]) | null;
            /** @description Needs shouldLLMFilter: true */
            filterPrompt?: string | null;
            shouldLLMFilter?: boolean | null;
            categories?: string[] | null;
            /** @description -1 = default; otherwise the chunker bounds apply */
            chunkSize?: number | null;
            /** @description Replaces the organization list */
            profileBuckets?: components["schemas"]["ProfileBucketInput"][] | null;
            workspacePrompt?: string | null;
            cloudDriveCustomKeyEnabled?: boolean | null;
            cloudDriveClientId?: string | null;
            /** @description Write-only: answered masked */
            cloudDriveClientSecret?: string | null;
            googleDriveCustomKeyEnabled?: boolean | null;
            googleDriveClientId?: string | null;
            /** @description Write-only: answered masked */
            googleDriveClientSecret?: string | null;
            notesWorkspaceCustomKeyEnabled?: boolean | null;
            notesWorkspaceClientId?: string | null;
            /** @description Write-only: answered masked */
            notesWorkspaceClientSecret?: string | null;
            notionCustomKeyEnabled?: boolean | null;
            notionClientId?: string | null;
            /** @description Write-only: answered masked */
            notionClientSecret?: string | null;
            officeDriveCustomKeyEnabled?: boolean | null;
            officeDriveClientId?: string | null;
            /** @description Write-only: answered masked */
            officeDriveClientSecret?: string | null;
            onedriveCustomKeyEnabled?: boolean | null;
            onedriveClientId?: string | null;
            /** @description Write-only: answered masked */
            onedriveClientSecret?: string | null;
            codeHostCustomKeyEnabled?: boolean | null;
            codeHostClientId?: string | null;
            /** @description Write-only: answered masked */
            codeHostClientSecret?: string | null;
            githubCustomKeyEnabled?: boolean | null;
            githubClientId?: string | null;
            /** @description Write-only: answered masked */
            githubClientSecret?: string | null;
        };
        SettingsInput: {
            excludeItems: components["schemas"]["SyncItemRulesInput"] | null;
            includeItems: components["schemas"]["SyncItemRulesInput"] | null;
            filterPrompt: string | null;
            shouldLLMFilter: boolean | null;
            categories: string[] | null;
            chunkSize: number | null;
            profileBuckets: components["schemas"]["ProfileBucketInput"][];
            workspacePrompt: string | null;
            cloudDriveCustomKeyEnabled: boolean | null;
            cloudDriveClientId: string | null;
            /** @description Write-only: answered masked */
            cloudDriveClientSecret: string | null;
            googleDriveCustomKeyEnabled: boolean | null;
            googleDriveClientId: string | null;
            /** @description Write-only: answered masked */
            googleDriveClientSecret: string | null;
            notesWorkspaceCustomKeyEnabled: boolean | null;
            notesWorkspaceClientId: string | null;
            /** @description Write-only: answered masked */
            notesWorkspaceClientSecret: string | null;
            notionCustomKeyEnabled: boolean | null;
            notionClientId: string | null;
            /** @description Write-only: answered masked */
            notionClientSecret: string | null;
            officeDriveCustomKeyEnabled: boolean | null;
            officeDriveClientId: string | null;
            /** @description Write-only: answered masked */
            officeDriveClientSecret: string | null;
            onedriveCustomKeyEnabled: boolean | null;
            onedriveClientId: string | null;
            /** @description Write-only: answered masked */
            onedriveClientSecret: string | null;
            codeHostCustomKeyEnabled: boolean | null;
            codeHostClientId: string | null;
            /** @description Write-only: answered masked */
            codeHostClientSecret: string | null;
            githubCustomKeyEnabled: boolean | null;
            githubClientId: string | null;
            /** @description Write-only: answered masked */
            githubClientSecret: string | null;
        };
        /** @description Body returned when request input fails schema validation */
        ValidationErrorResponseInput: {
            /** @constant */
            success: false;
            /** @description Validation issues */
            error: {
                message: string;
                path?: (string | number)[];
            }[];
            /** @description The input that failed validation */
            data?: unknown;
        };
        FilterExpressionV5Input: ({
            field: string;
            /** @enum {string} */
            operator: "eq" | "neq";
            value: string;
            caseSensitive?: boolean;
        } | {
            field: string;
            /** @enum {string} */
            operator: "eq" | "neq";
            value: number | boolean;
        } | {
            field: string;
            /** @enum {string} */
            operator: "gt" | "gte" | "lt" | "lte";
            value: number;
        } | {
            field: string;
            /** @enum {string} */
            operator: "contains" | "notContains";
            value: string;
            caseSensitive?: boolean;
        } | {
            field: string;
            /** @enum {string} */
            operator: "arrayContains" | "arrayNotContains";
            value: string;
        }) | {
            /** @constant */
            operator: "and";
            operands: components["schemas"]["FilterExpressionV5Input"][];
        } | {
            /** @constant */
            operator: "or";
            operands: components["schemas"]["FilterExpressionV5Input"][];
        };
        NewApiKeyInput: {
            id: string;
            name: string;
            /** @description First characters of the key, to recognise it */
            prefix: string;
            /** @enum {string} */
            role: "admin" | "member";
            /** @enum {string} */
            permission: "read" | "write";
            scoped: boolean;
            containerTags: string[] | null;
            expiresAt: string | null;
            rateLimit: {
                max: number;
                /** @description milliseconds */
                timeWindow: number;
            } | null;
            disabled: boolean;
            createdAt: string;
            /** @description The new key; it is never shown again */
            key: string;
        };
        /** @description Every error answer has this shape. */
        ErrorResponse: {
            error: string;
            details?: string;
        };
        FilterExpression: {
            key: string;
            value: string | number | boolean;
            /** @enum {string} */
            filterType?: "metadata" | "numeric" | "array_contains" | "string_contains";
            /** @enum {string} */
            numericOperator?: ">" | "<" | ">=" | "<=" | "=";
            negate?: boolean | ("true" | "false");
            ignoreCase?: boolean | ("true" | "false");
        } | {
            AND: components["schemas"]["FilterExpression"][];
        } | {
            OR: components["schemas"]["FilterExpression"][];
        };
        ConnectionCreate: {
            /** @description Tenant key, e.g. a user or workspace id */
            containerTag?: string;
            /** @description Deprecated: one tag */
            containerTags?: string[];
            documentLimit?: number;
            /** @description Kind-specific settings, e.g. startUrl for the web crawler */
            metadata?: {
                [key: string]: string | number | boolean | string[];
            } | null;
            /**
             * Format: uri
             * @description Where the end user returns after authorizing
             */
            redirectUrl?: string;
        };
        ConnectionCreated: {
            id: string;
            /** @description OAuth kinds: where the end user authorizes, valid 1 hour; an empty string for kinds with nothing to authorize (web-crawler, meetings) */
            authLink: string;
            /** @description How long authLink stays valid ("1 hour"); an empty string when there is no link */
            expiresIn: string;
            redirectsTo?: string;
        };
        ConnectionDeleted: {
            id: string;
            provider: string;
        };
        ConnectorKind: {
            /** @description The kind id (code-host, web-crawler, …) */
            kind: string;
            /** @description The SDK's provider names for it (github, …) */
            aliases: string[];
            /** @enum {string} */
            auth: "oauth" | "credentials";
        };
        LastSyncRun: {
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "not_allowed" | "internal") | null;
            error: string | null;
            startedAt: string;
            completedAt: string | null;
        };
        ConnectionPush: {
            /**
             * @description off: turned off by its metadata; waiting: made after the next sync; active: notifications arrive; refused: the provider refused them for this authorization (reason says why): authorize again, or turn push off; syncs go on on schedule
             * @enum {string}
             */
            state: "off" | "waiting" | "active" | "refused";
            reason: string | null;
            /** @description when an active subscription is renewed */
            renewBy: string | null;
        };
        Connection: {
            id: string;
            /** @description The connector kind id */
            provider: string;
            createdAt: string;
            containerTag: string;
            /** @description Deprecated: the one containerTag */
            containerTags: string[];
            documentLimit?: number;
            email?: string;
            /** @description while pending, the end of its authorization link: it is deleted then unless authorized; absent once authorized */
            expiresAt?: string;
            metadata: {
                [key: string]: unknown;
            };
            /**
             * @description pending until authorized; error until authorized again
             * @enum {string}
             */
            status: "pending" | "active" | "error";
            lastSyncRun: components["schemas"]["LastSyncRun"] | null;
            /** @description the provider's change notifications, for kinds that subscribe to them */
            push?: components["schemas"]["ConnectionPush"];
        };
        SyncRun: {
            id: string;
            connectionId: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            /** @enum {string} */
            triggerType: "event" | "cron" | "manual";
            startedAt: string;
            completedAt: string | null;
            itemsProcessed: number;
            itemsFailed: number;
            itemsDeleted: number;
            error: string | null;
            errorCode: ("auth_expired" | "rate_limited" | "plan_required" | "provider_unavailable" | "not_allowed" | "internal") | null;
        };
        ConnectionDocument: {
            id: string;
            createdAt: string;
            updatedAt: string;
            status: string;
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            containerTag: string;
        };
        ConnectionCleanup: {
            /** @description The deleted connection */
            connectionId: string;
            /** @description The connector kind id */
            provider: string;
            /**
             * @description pending: not tried yet (or running); retrying: failed, tried again at nextAttemptAt; failed: gave up, finish it at the provider by hand
             * @enum {string}
             */
            status: "pending" | "retrying" | "failed";
            attempts: number;
            maxAttempts: number;
            /** @description Why the last attempt failed (no tokens, no user content) */
            lastError: string | null;
            nextAttemptAt: string | null;
            /** @description When the connection was deleted */
            queuedAt: string;
            updatedAt: string;
        };
        ConnectionAuthorized: {
            /** @constant */
            success: true;
            connectionId: string;
            message: string;
        };
        WebhookAccepted: {
            /** @constant */
            accepted: true;
            duplicate: boolean;
        };
        /** @description The token kept from the first the provider sent to the kind's push URL, to paste back into its settings */
        WebhookVerificationToken: {
            verificationToken: string;
            receivedAt: string;
            /** @description Whether a signed event has verified with this token */
            verified: boolean;
            verifiedAt: string | null;
            /** @description The latest token sent after the one kept: it verifies nothing until an admin puts it in place */
            unsolicited: {
                verificationToken: string;
                receivedAt: string;
            } | null;
        };
        WebhookVerificationTokenReplacement: {
            verificationToken: string;
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            description: string | null;
            eventTypes: string[];
            containerTags: string[] | null;
            enabled: boolean;
            disabledReason: string | null;
            /** @description Until then the secret a rotation replaced still signs */
            previousSecretExpiresAt: string | null;
            createdAt: string;
            updatedAt: string;
        };
        WebhookEndpointWithSecret: {
            id: string;
            url: string;
            description: string | null;
            eventTypes: string[];
            containerTags: string[] | null;
            enabled: boolean;
            disabledReason: string | null;
            /** @description Until then the secret a rotation replaced still signs */
            previousSecretExpiresAt: string | null;
            createdAt: string;
            updatedAt: string;
            /** @description The signing secret (whsec_…), shown only in this answer */
            secret: string;
        };
        WebhookDelivery: {
            id: string;
            eventId: string;
            eventType: string;
            containerTag: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            nextAttemptAt: string | null;
            lastAttemptAt: string | null;
            lastStatus: number | null;
            lastResponse: string | null;
            createdAt: string;
        };
        ContainerTagMerge: {
            id: string;
            status: string;
            sourceTags: string[];
            targetTag: string;
            progress: {
                phase?: string;
                currentSourceTag?: string;
                copiedRows?: number;
                completedSourceTags?: string[];
                inFlightItems?: number;
                attempt?: number;
                moved?: {
                    documents: number;
                    chunks: number;
                    memories: number;
                    renamedCustomIds: number;
                    duplicateMemories: number;
                };
            } | null;
            lastError: string | null;
            createdAt: string;
            updatedAt: string;
            completedAt: string | null;
        };
        ProfileBucket: {
            key: string;
            /** @default  */
            description: string;
        };
        ContainerTagListItem: {
            id: string;
            name: string;
            containerTag: string;
            description: string | null;
            createdAt: string;
            updatedAt: string;
            isExperimental: boolean;
            isNova: boolean;
            /** @description Every document of the tag, direct writes' lightweight documents included, as /v3/documents/list counts them */
            documentCount: number;
            /** @description Latest, not forgotten memories (counts.memories of /v4/memories/list) */
            memoryCount: number;
            lastActivityAt: string | null;
            /** @enum {string} */
            mergeStatus?: "source" | "target";
            mergeId?: string;
            mergeTargetTag?: string;
        };
        ContainerTag: {
            containerTag: string;
            name: string | null;
            entityContext: string | null;
            memoryFilesystemPaths: string[] | null;
            profileBuckets: components["schemas"]["ProfileBucket"][];
            updatedAt: string;
            documentCount: number;
            memoryCount: number;
            lastActivityAt: string | null;
            createdAt: string;
        };
        ConversationIngest: {
            conversationId?: string;
            customId?: string;
            messages: {
                /** @enum {string} */
                role: "user" | "assistant" | "system" | "tool";
                content: string | ({
                    /** @constant */
                    type: "text";
                    text: string;
                } | {
                    /** @constant */
                    type: "image_url";
                    imageUrl?: {
                        url: string;
                    };
                    image_url?: {
                        url: string;
                    };
                })[];
                name?: string;
                tool_calls?: unknown[];
                tool_call_id?: string;
            }[];
            /** @description Tenant key, e.g. a user or workspace id */
            containerTag?: string;
            containerTags?: string[];
            /** @description Flat key/value metadata: strings, numbers, booleans or string arrays */
            metadata?: {
                [key: string]: string | number | boolean | string[];
            };
            entityContext?: string;
            /** @description YYYY-MM-DD or ISO 8601; relative dates resolve against it */
            documentDate?: string;
        };
        AddDocument: {
            /** @description Text, markdown, or an http(s) URL to fetch */
            content: string;
            containerTag?: string | null;
            containerTags?: string[] | null;
            customId?: string | null;
            metadata?: {
                [key: string]: string | number | boolean | string[];
            } | null;
            taskType?: ("memory" | "superrag") | null;
            filepath?: string | null;
            documentDate?: string | null;
            entityContext?: string | null;
            title?: string | null;
            filterByMetadata?: {
                [key: string]: unknown;
            } | null;
            dreaming?: ("instant" | "dynamic") | null;
        };
        MemoryEntry: {
            id: string;
            memory: string;
            containerTag: string;
            version: number;
            isLatest: boolean;
            isForgotten: boolean;
            isStatic: boolean;
            isInference: boolean | null;
            createdAt: string;
            updatedAt: string;
            spaceId: string | null;
            orgId: string;
            sourceCount: number;
            parentMemoryId: string | null;
            rootMemoryId: string | null;
            forgetAfter: string | null;
            forgetReason: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            memoryRelations: {
                [key: string]: "updates" | "extends" | "derives";
            } | null;
            temporalContext: {
                documentDate?: string | null;
                eventDate?: string[] | null;
            } | null;
            history: {
                id: string;
                memory: string;
                version: number;
                createdAt: string;
                updatedAt: string;
                parentMemoryId: string | null;
                rootMemoryId: string | null;
                isLatest: boolean;
                isForgotten: boolean;
            }[];
            documentIds: string[];
        };
        DocumentListItem: {
            id: string;
            customId: string | null;
            connectionId: string | null;
            containerTag: string;
            containerTags: string[];
            createdAt: string;
            updatedAt: string;
            filepath: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            source: string | null;
            taskType: string;
            content?: string | null;
        };
        Document: {
            id: string;
            customId: string | null;
            connectionId: string | null;
            containerTag: string;
            containerTags: string[];
            createdAt: string;
            updatedAt: string;
            filepath: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            source: string | null;
            taskType: string;
            content: string | null;
            raw: string | null;
            ogImage: string | null;
            spatialPoint: null;
            documentDate: string | null;
            /** @enum {string} */
            dreamingStatus: "dreaming" | "done";
            error: string | null;
            memories?: {
                id: string;
                memory: string;
                createdAt: string;
                updatedAt: string | null;
                isLatest: boolean;
                isForgotten: boolean;
                isStatic: boolean;
                isInference: boolean;
                version: number;
                sourceCount: number;
                metadata: {
                    [key: string]: unknown;
                } | null;
                parentMemoryId: string | null;
                rootMemoryId: string | null;
            }[];
            processingMetadata: {
                attempts?: number;
                format?: string;
                mimeType?: string;
                steps: {
                    name: string;
                    status: string;
                    startedAt: string;
                    finishedAt?: string;
                    error?: string;
                    detail?: {
                        [key: string]: number;
                    };
                    /** @description The memories step: who extracted them (the chat model, the offline extractor, or the offline extractor standing in for the model on some parts, with the reason) and the tokens the model reported, summed over every request, retries included. */
                    extraction?: {
                        /** @enum {string} */
                        extractor: "llm" | "offline" | "llm+offline";
                        model?: string;
                        parts?: number;
                        fallback?: {
                            reason: string;
                            parts: number;
                        };
                        requests?: number;
                        tokens?: {
                            prompt: number;
                            completion: number;
                            total: number;
                        };
                        truncatedReplies?: number;
                    };
                }[];
            };
        };
        DocumentWithMemories: {
            id: string;
            customId: string | null;
            connectionId: string | null;
            containerTag: string;
            containerTags: string[];
            createdAt: string;
            updatedAt: string;
            filepath: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            status: "unknown" | "queued" | "extracting" | "chunking" | "embedding" | "indexing" | "done" | "failed";
            summary: string | null;
            title: string | null;
            type: string;
            url: string | null;
            source: string | null;
            taskType: string;
            content?: string | null;
            memoryEntries: components["schemas"]["MemoryEntry"][];
        };
        /** @description Whether this process should be sent traffic, and why */
        Readiness: {
            ready: boolean;
            checks: {
                /** @description Not shutting down */
                server: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description The database answers */
                database: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description Every migration of this version is applied */
                migrations: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description The embedding model is loaded (requests sent before wait for it) */
                embedder: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
                /** @description The job worker runs, or this process runs none (serve --no-worker) */
                worker: {
                    ok: boolean;
                    /** @description What was found, in fixed words */
                    status: string;
                };
            };
        };
        ApiKey: {
            id: string;
            name: string;
            /** @description First characters of the key, to recognise it */
            prefix: string;
            /** @enum {string} */
            role: "admin" | "member";
            /** @enum {string} */
            permission: "read" | "write";
            scoped: boolean;
            containerTags: string[] | null;
            expiresAt: string | null;
            rateLimit: {
                max: number;
                /** @description milliseconds */
                timeWindow: number;
            } | null;
            disabled: boolean;
            createdAt: string;
        };
        MemoryListCounts: {
            /** @description Live memories listed (latest, not forgotten): the container tag list counts these as memoryCount */
            memories: number;
            /** @description Forgotten memories listed (flagged); memories + forgotten = pagination.totalItems */
            forgotten: number;
        };
        CreateMemories: {
            /** @description Tenant key, e.g. a user or workspace id */
            containerTag: string;
            memories: {
                content: string;
                /** @description A lasting trait (identity, role) rather than an episode */
                isStatic?: boolean;
                metadata?: {
                    [key: string]: string | number | boolean | string[];
                } | null;
                /** @description ISO date after which the memory drops out of search */
                forgetAfter?: string | null;
                forgetReason?: string | null;
                temporalContext?: {
                    documentDate?: string | null;
                    eventDate?: string[] | null;
                } | null;
            }[];
        };
        RetrieverExplanation: {
            /**
             * @description The index that holds the result: memories, or document chunks
             * @enum {string}
             */
            source: "memory" | "chunk";
            vector: {
                /** @description Place in the vector (cosine) retriever's own candidates (1 = best); null when it did not pick this row */
                rank: number | null;
                /** @description The vector (cosine) score */
                score: number | null;
            };
            lexical: {
                /** @description Place in the lexical (rarity-weighted word match, BM25-like) retriever's own candidates (1 = best); null when it did not pick this row */
                rank: number | null;
                /** @description The lexical (rarity-weighted word match, BM25-like) score */
                score: number | null;
            };
            /** @description Both scores weighted together, before source context and calibration give the similarity */
            fused: number;
            /** @description With rerank: the similarity before the reranker replaced it */
            firstStage?: number;
        };
        SearchTimings: {
            /** @description Query planning, with rewriting when asked */
            rewrite?: number;
            /** @description Embedding the query; runs while words are matched */
            embedding?: number;
            /** @description Both retrievers, including the wait for the embedding */
            retrieval?: number;
            rerank?: number;
            /** @description Loading what the results show */
            assembly?: number;
            total: number;
        };
        SearchResult: {
            /** @description Memory id for memory hits, chunk id for chunk hits */
            id: string;
            memory?: string;
            chunk?: string;
            /** @description Chunk hits: the document the chunk belongs to */
            documentId?: string;
            containerTag: string;
            metadata: {
                [key: string]: unknown;
            } | null;
            similarity: number;
            updatedAt: string;
            filepath?: string | null;
            version?: number | null;
            rootMemoryId?: string | null;
            isAggregated?: boolean;
            context?: {
                parents: {
                    memory: string;
                    /** @enum {string} */
                    relation: "updates" | "extends" | "derives";
                    updatedAt: string;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    version?: number | null;
                }[];
                children: {
                    memory: string;
                    /** @enum {string} */
                    relation: "updates" | "extends" | "derives";
                    updatedAt: string;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    version?: number | null;
                }[];
                related: {
                    memory: string;
                    /** @enum {string} */
                    relation: "extends" | "derives";
                    updatedAt: string;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                }[];
            };
            documents?: {
                id: string;
                createdAt: string;
                updatedAt: string;
                title?: string | null;
                type?: string | null;
                metadata?: {
                    [key: string]: unknown;
                } | null;
                summary?: string | null;
            }[];
            chunks?: {
                content: string;
                documentId: string;
                position: number;
                score: number;
            }[];
            /** @description With explain: true, which retrievers found this result and how each scored it */
            retrievers?: components["schemas"]["RetrieverExplanation"];
        };
        DocumentSearchResult: {
            documentId: string;
            chunks: {
                content: string;
                isRelevant: boolean;
                score: number;
                position: number;
                /** @description With explain: true, for chunks the retrievers found */
                retrievers?: components["schemas"]["RetrieverExplanation"];
            }[];
            createdAt: string;
            updatedAt: string;
            metadata: {
                [key: string]: unknown;
            } | null;
            score: number;
            title: string | null;
            type: string | null;
            containerTag: string;
            filepath: string | null;
            summary?: string | null;
            content?: string | null;
        };
        SearchRequest: {
            /** @description What to look for, in natural language */
            q: string;
            containerTag?: string | null;
            containerTags?: string[] | null;
            /** @description Minimum similarity (0..1); default 0.4, 0 returns the most */
            threshold?: number;
            limit?: number;
            /**
             * @description memories (default), documents, or hybrid (both)
             * @enum {string}
             */
            searchMode?: "memories" | "hybrid" | "documents";
            filters?: ({
                AND: components["schemas"]["FilterExpression"][];
            } | {
                OR: components["schemas"]["FilterExpression"][];
            }) | string;
            filepath?: string;
            rerank?: boolean;
            rewriteQuery?: boolean;
            /** @description Adds to each result which retrievers found it with their own ranks and scores (`retrievers`), and the time of each phase (`timings`) */
            explain?: boolean;
            /** @description Accepted for compatibility; results are never aggregated */
            aggregate?: boolean;
            include?: {
                documents?: boolean;
                summaries?: boolean;
                relatedMemories?: boolean;
                forgottenMemories?: boolean;
                /** @description Deprecated: implies hybrid and attaches matching chunks to memory results */
                chunks?: boolean;
            };
        };
        DocumentSearchRequest: {
            /** @description What to look for, in natural language */
            q: string;
            containerTag?: string | null;
            containerTags?: string[] | null;
            /** @description Search inside this document only */
            docId?: string;
            filters?: ({
                AND: components["schemas"]["FilterExpression"][];
            } | {
                OR: components["schemas"]["FilterExpression"][];
            }) | string;
            filepath?: string;
            /** @description Documents to return */
            limit?: number;
            chunkThreshold?: number;
            /** @description Deprecated and ignored */
            documentThreshold?: number;
            /** @description false adds the chunks around each match, flagged isRelevant: false */
            onlyMatchingChunks?: boolean;
            includeFullDocs?: boolean;
            includeSummary?: boolean;
            rerank?: boolean;
            rewriteQuery?: boolean;
            /** @description Adds to each result which retrievers found it with their own ranks and scores (`retrievers`), and the time of each phase (`timings`) */
            explain?: boolean;
            /** @description Deprecated and ignored */
            categoriesFilter?: string[];
        };
        SyncItemRules: {
            /** @description Extensions, mime types or document types */
            fileTypes?: string[];
            folderNames?: string[];
            /** @description `*` matches any run of characters */
            titlePatterns?: string[];
            /** @description Each matched against the file type, any folder and the title; what a plain list sets */
            patterns?: string[];
        };
        SettingsUpdate: {
            excludeItems?: (components["schemas"]["SyncItemRules"] | unknown) | null;
            includeItems?: (components["schemas"]["SyncItemRules"] | unknown) | null;
            /** @description Needs shouldLLMFilter: true */
            filterPrompt?: string | null;
            shouldLLMFilter?: boolean | null;
            categories?: string[] | null;
            /** @description -1 = default; otherwise the chunker bounds apply */
            chunkSize?: number | null;
            /** @description Replaces the organization list */
            profileBuckets?: components["schemas"]["ProfileBucket"][] | null;
            workspacePrompt?: string | null;
            cloudDriveCustomKeyEnabled?: boolean | null;
            cloudDriveClientId?: string | null;
            /** @description Write-only: answered masked */
            cloudDriveClientSecret?: string | null;
            googleDriveCustomKeyEnabled?: boolean | null;
            googleDriveClientId?: string | null;
            /** @description Write-only: answered masked */
            googleDriveClientSecret?: string | null;
            notesWorkspaceCustomKeyEnabled?: boolean | null;
            notesWorkspaceClientId?: string | null;
            /** @description Write-only: answered masked */
            notesWorkspaceClientSecret?: string | null;
            notionCustomKeyEnabled?: boolean | null;
            notionClientId?: string | null;
            /** @description Write-only: answered masked */
            notionClientSecret?: string | null;
            officeDriveCustomKeyEnabled?: boolean | null;
            officeDriveClientId?: string | null;
            /** @description Write-only: answered masked */
            officeDriveClientSecret?: string | null;
            onedriveCustomKeyEnabled?: boolean | null;
            onedriveClientId?: string | null;
            /** @description Write-only: answered masked */
            onedriveClientSecret?: string | null;
            codeHostCustomKeyEnabled?: boolean | null;
            codeHostClientId?: string | null;
            /** @description Write-only: answered masked */
            codeHostClientSecret?: string | null;
            githubCustomKeyEnabled?: boolean | null;
            githubClientId?: string | null;
            /** @description Write-only: answered masked */
            githubClientSecret?: string | null;
        };
        Settings: {
            excludeItems: components["schemas"]["SyncItemRules"] | null;
            includeItems: components["schemas"]["SyncItemRules"] | null;
            filterPrompt: string | null;
            shouldLLMFilter: boolean | null;
            categories: string[] | null;
            chunkSize: number | null;
            profileBuckets: components["schemas"]["ProfileBucket"][];
            workspacePrompt: string | null;
            cloudDriveCustomKeyEnabled: boolean | null;
            cloudDriveClientId: string | null;
            /** @description Write-only: answered masked */
            cloudDriveClientSecret: string | null;
            googleDriveCustomKeyEnabled: boolean | null;
            googleDriveClientId: string | null;
            /** @description Write-only: answered masked */
            googleDriveClientSecret: string | null;
            notesWorkspaceCustomKeyEnabled: boolean | null;
            notesWorkspaceClientId: string | null;
            /** @description Write-only: answered masked */
            notesWorkspaceClientSecret: string | null;
            notionCustomKeyEnabled: boolean | null;
            notionClientId: string | null;
            /** @description Write-only: answered masked */
            notionClientSecret: string | null;
            officeDriveCustomKeyEnabled: boolean | null;
            officeDriveClientId: string | null;
            /** @description Write-only: answered masked */
            officeDriveClientSecret: string | null;
            onedriveCustomKeyEnabled: boolean | null;
            onedriveClientId: string | null;
            /** @description Write-only: answered masked */
            onedriveClientSecret: string | null;
            codeHostCustomKeyEnabled: boolean | null;
            codeHostClientId: string | null;
            /** @description Write-only: answered masked */
            codeHostClientSecret: string | null;
            githubCustomKeyEnabled: boolean | null;
            githubClientId: string | null;
            /** @description Write-only: answered masked */
            githubClientSecret: string | null;
        };
        /** @description Body returned when request input fails schema validation */
        ValidationErrorResponse: {
            /** @constant */
            success: false;
            /** @description Validation issues */
            error: {
                message: string;
                path?: (string | number)[];
            }[];
            /** @description The input that failed validation */
            data?: unknown;
        };
        FilterExpressionV5: ({
            field: string;
            /** @enum {string} */
            operator: "eq" | "neq";
            value: string;
            caseSensitive?: boolean;
        } | {
            field: string;
            /** @enum {string} */
            operator: "eq" | "neq";
            value: number | boolean;
        } | {
            field: string;
            /** @enum {string} */
            operator: "gt" | "gte" | "lt" | "lte";
            value: number;
        } | {
            field: string;
            /** @enum {string} */
            operator: "contains" | "notContains";
            value: string;
            caseSensitive?: boolean;
        } | {
            field: string;
            /** @enum {string} */
            operator: "arrayContains" | "arrayNotContains";
            value: string;
        }) | {
            /** @constant */
            operator: "and";
            operands: components["schemas"]["FilterExpressionV5"][];
        } | {
            /** @constant */
            operator: "or";
            operands: components["schemas"]["FilterExpressionV5"][];
        };
        NewApiKey: {
            id: string;
            name: string;
            /** @description First characters of the key, to recognise it */
            prefix: string;
            /** @enum {string} */
            role: "admin" | "member";
            /** @enum {string} */
            permission: "read" | "write";
            scoped: boolean;
            containerTags: string[] | null;
            expiresAt: string | null;
            rateLimit: {
                max: number;
                /** @description milliseconds */
                timeWindow: number;
            } | null;
            disabled: boolean;
            createdAt: string;
            /** @description The new key; it is never shown again */
            key: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
