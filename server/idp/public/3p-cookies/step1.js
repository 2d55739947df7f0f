document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=supported; Max-Age=60';
window.location.replace('step2.html');
