// Users of the embedded identity provider: owned by server/idp (filled in by that work).
export {};
