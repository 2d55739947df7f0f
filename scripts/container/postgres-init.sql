-- compose.yaml's production profile: Keycloak keeps its data in a database of its own on the same server.
-- Run once, by the PostgreSQL image's entry point, when it creates the cluster.
CREATE DATABASE keycloak;
