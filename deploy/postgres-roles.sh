#!/bin/bash
# compose.yaml's production profile: the API and Keycloak each get a database and a login of their own, neither a
# superuser. The image makes its POSTGRES_USER (here `postgres`) a superuser: that one is used only here, once, when
# the image's entry point creates the cluster (/docker-entrypoint-initdb.d; sourced or run, so no `exit`). So the
# API cannot read or alter Keycloak's data, run `COPY … PROGRAM` or make itself more roles, and Keycloak likewise.
# Each owns its database and so may create its tables (and the API the trusted extension pg_trgm) in it; nobody
# else may connect to it. The passwords come from the secret files (README: "The production layout on one host"),
# read by psql itself so they never appear on a command line.
set -e
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres <<'SQL'
\set recipes_password `cat /run/secrets/recipes-db-password`
\set keycloak_password `cat /run/secrets/keycloak-db-password`
CREATE ROLE recipes LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'recipes_password';
CREATE ROLE keycloak LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'keycloak_password';
CREATE DATABASE recipes OWNER recipes;
CREATE DATABASE keycloak OWNER keycloak;
REVOKE ALL ON DATABASE recipes, keycloak, postgres FROM PUBLIC;
SQL
