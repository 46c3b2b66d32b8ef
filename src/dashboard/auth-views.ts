import { errorBox, type Html, html } from "./html.ts";

export const copy = {
  logInTitle: "Log in",
  signUpTitle: "Create your account",
  signUpIntro: "New accounts get 500 credits (USD 5) to try every operation. No card needed.",
  email: "Email",
  password: "Password",
  passwordHint: "At least 10 characters.",
  logIn: "Log in",
  signUp: "Create account",
  noAccount: "No account yet?",
  haveAccount: "Already have an account?",
  failed: "Email or password is incorrect.",
};

interface AuthForm {
  csrfToken: string;
  email?: string;
  error?: string;
  next?: string;
}

export function logInForm(form: AuthForm): Html {
  return html`<section class="card narrow">
<h1>${copy.logInTitle}</h1>
${errorBox(form.error)}
<form method="post" action="/login">
  <input type="hidden" name="_csrf" value="${form.csrfToken}">
  <input type="hidden" name="next" value="${form.next ?? ""}">
  <label>${copy.email} <input type="email" name="email" autocomplete="username" required value="${form.email ?? ""}"></label>
  <label>${copy.password} <input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit">${copy.logIn}</button>
</form>
<p>${copy.noAccount} <a href="/signup">${copy.signUp}</a></p>
</section>`;
}

export function signUpForm(form: AuthForm): Html {
  return html`<section class="card narrow">
<h1>${copy.signUpTitle}</h1>
<p>${copy.signUpIntro}</p>
${errorBox(form.error)}
<form method="post" action="/signup">
  <input type="hidden" name="_csrf" value="${form.csrfToken}">
  <label>${copy.email} <input type="email" name="email" autocomplete="username" required value="${form.email ?? ""}"></label>
  <label>${copy.password} <input type="password" name="password" autocomplete="new-password" minlength="10" required>
  <small>${copy.passwordHint}</small></label>
  <button type="submit">${copy.signUp}</button>
</form>
<p>${copy.haveAccount} <a href="/login">${copy.logIn}</a></p>
</section>`;
}
