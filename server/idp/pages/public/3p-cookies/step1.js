// keycloak-js's third-party-cookie check in one page: set a test cookie, read it back, answer.
// (Keycloak's own step1 answers from this page too when storage access is refused; its second
// page only reads the cookie back, which this page can do itself. One frame load fewer per check.)
document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=supported; Max-Age=60';
var supported = document.cookie.indexOf('KEYCLOAK_3P_COOKIE') !== -1;
document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=; Max-Age=0; SameSite=None; Secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=; Max-Age=0';
window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');
