import { einField, emailField, newPasswordField, profilePhoneField, settingsPhoneField } from "./fields";
import { messages } from "./messages";

const firstError = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0]?.message;

describe("section 5 field rules", () => {
  test("email messages", () => {
    expect(firstError(emailField, "")).toBe(messages.email.empty);
    expect(firstError(emailField, "not-an-email")).toBe(messages.email.invalid);
    expect(emailField.parse("  Ann@Example.org ")).toBe("Ann@Example.org");
  });

  test("new password messages in the spec's order", () => {
    expect(firstError(newPasswordField, "")).toBe(messages.password.empty);
    expect(firstError(newPasswordField, "abc1")).toBe(messages.password.tooShort);
    expect(firstError(newPasswordField, "a1".repeat(21))).toBe(messages.password.tooLong);
    expect(firstError(newPasswordField, "abcdefghij")).toBe(messages.password.noNumber);
    expect(newPasswordField.safeParse("correct horse 9").success).toBe(true);
  });

  test("settings phone: empty, letters, short, long", () => {
    expect(firstError(settingsPhoneField, "")).toBe(messages.phone.empty);
    expect(firstError(settingsPhoneField, "80255501ab")).toBe(messages.phone.letters);
    expect(firstError(settingsPhoneField, "802555")).toBe(messages.phone.tooShort);
    expect(firstError(settingsPhoneField, "80255501234567")).toBe(messages.phone.tooLong);
    expect(settingsPhoneField.parse("8025550123")).toBe("8025550123");
  });

  test("profile phone allows empty but not letters or spaces", () => {
    expect(profilePhoneField.safeParse("").success).toBe(true);
    expect(firstError(profilePhoneField, "802 555 0123")).toBe(messages.phone.lettersOrSpace);
    expect(firstError(profilePhoneField, "80255")).toBe(messages.phone.tooShort);
  });

  test("EIN accepts 9 digits with an optional dash and keeps leading zeros", () => {
    expect(einField.parse("03-0179440")).toBe("030179440");
    expect(einField.parse("030179440")).toBe("030179440");
    expect(firstError(einField, "12345")).toBe(messages.organization.einInvalid);
    expect(firstError(einField, "12-34567AB")).toBe(messages.organization.einInvalid);
  });
});
