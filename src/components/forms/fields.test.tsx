// The shared submit button and status line (WCAG 2.4.3 focus order, 4.1.3 status messages): a
// member who sends a form with the keyboard keeps their place while it is sent and after, cannot
// send it twice, and hears the answer, in a status region that was in the page before it.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type FormEvent } from "react";
import type { SiteTheme } from "../../theme/theme";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { withFocusFixup } from "../../test/focus-fixup";
import { FormAlert, FormLayout, FormStatus, SubmitButton, TextField, useFocusedAlert } from "./fields";
import { builtRuntime } from "../../test/site-runtime";

// Jest resolves styled-components' server build, which puts no rules in the DOM; the browser build
// does, so the computed styles below are the ones the rules give.
jest.mock("styled-components", () => jest.requireActual("styled-components/dist/styled-components.browser.cjs.js"));

let theme: SiteTheme;
beforeAll(async () => {
  theme = (await builtRuntime("lumiere")).siteTheme;
});
withFocusFixup();

/** A call the test answers when it wants. */
function pendingCalls() {
  const answers: ((ok: boolean) => void)[] = [];
  const send = jest.fn(() => new Promise<boolean>((resolve) => answers.push(resolve)));
  const answer = async (ok: boolean) => {
    await act(async () => answers.shift()?.(ok));
  };
  return { send, answer };
}

/**
 * A member form as the screens build one. Its submit handler does not check `busy` itself, so a
 * second call can only be kept out by the button.
 */
function SaveForm({ send }: { send(name: string): Promise<boolean> }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const alert = useFocusedAlert();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    alert.show(null);
    const ok = await send(name);
    setBusy(false);
    if (ok) setSaved(true);
    else alert.show("Your name could not be saved.");
  };
  return (
    <FormLayout noValidate onSubmit={(event) => void submit(event)}>
      <TextField label="Name" value={name} onValueChange={setName} />
      <FormAlert ref={alert.ref} message={alert.message} />
      <FormStatus message={saved ? "Your name has been saved." : null} />
      <SubmitButton busy={busy} label="Save" busyLabel="Saving…" />
    </FormLayout>
  );
}

function renderForm(send: (name: string) => Promise<boolean>) {
  render(
    <SiteThemeProvider theme={theme}>
      <SaveForm send={send} />
    </SiteThemeProvider>,
  );
  return { user: userEvent.setup(), field: screen.getByLabelText("Name"), button: screen.getByRole("button") };
}

describe("SubmitButton", () => {
  it("sent with Enter on the button: it keeps the focus while busy (aria-disabled, not disabled) and after", async () => {
    const calls = pendingCalls();
    const { user, field, button } = renderForm(calls.send);
    await user.type(field, "Ada");
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(calls.send).toHaveBeenCalledTimes(1);
    expect(button).toHaveAccessibleName("Saving…");
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    // Still a focusable button: a disabled one would send the focus to <body>.
    expect(button).not.toBeDisabled();
    expect(document.activeElement).toBe(button);

    await calls.answer(true);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your name has been saved."));
    expect(document.activeElement).toBe(button);
    expect(button).toHaveAccessibleName("Save");
    expect(button).toHaveAttribute("aria-disabled", "false");
    // The next Tab goes on from the button, not from the top of the page.
    await user.tab({ shift: true });
    expect(field).toHaveFocus();
  });

  it("sent with Enter in a field: the focus stays in the field", async () => {
    const calls = pendingCalls();
    const { user, field } = renderForm(calls.send);
    await user.type(field, "Ada{Enter}");
    expect(calls.send).toHaveBeenCalledWith("Ada");
    expect(field).toHaveFocus();
    await calls.answer(true);
    expect(field).toHaveFocus();
  });

  it("a second press while busy sends nothing: Enter or Space on the button, a click, Enter in a field", async () => {
    const calls = pendingCalls();
    const { user, field, button } = renderForm(calls.send);
    await user.type(field, "Ada");
    await user.click(button);
    expect(calls.send).toHaveBeenCalledTimes(1);

    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    await user.click(button);
    await user.type(field, "{Enter}");
    expect(calls.send).toHaveBeenCalledTimes(1);

    await calls.answer(true);
    // Once the answer is in, the button sends again.
    await user.click(button);
    expect(calls.send).toHaveBeenCalledTimes(2);
  });

  it("a failure moves the focus to the form's alert, as the form asks", async () => {
    const calls = pendingCalls();
    const { user, button } = renderForm(calls.send);
    button.focus();
    await user.keyboard("{Enter}");
    await calls.answer(false);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Your name could not be saved.");
    expect(alert).toHaveFocus();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("looks busy as the disabled button did", async () => {
    const calls = pendingCalls();
    const { user, button } = renderForm(calls.send);
    expect(getComputedStyle(button).opacity).not.toBe("0.7");
    await user.click(button);
    expect(getComputedStyle(button).opacity).toBe("0.7");
    expect(getComputedStyle(button).cursor).toBe("progress");
    await calls.answer(true);
    expect(getComputedStyle(button).opacity).not.toBe("0.7");
  });
});

describe("FormStatus", () => {
  it("is in the page, empty and hidden, before there is anything to say; the news then changes its text", async () => {
    const calls = pendingCalls();
    const { user, button } = renderForm(calls.send);
    const status = screen.getByRole("status");
    expect(status).toBeEmptyDOMElement();
    // Empty, it takes no room and shows no bar, yet stays in the accessibility tree (no display: none).
    expect(getComputedStyle(status).position).toBe("absolute");
    expect(getComputedStyle(status).display).not.toBe("none");

    await user.click(button);
    await calls.answer(true);
    // The same element, now holding the news: a change of text that screen readers announce.
    expect(screen.getByRole("status")).toBe(status);
    expect(status).toHaveTextContent("Your name has been saved.");
    expect(getComputedStyle(status).position).not.toBe("absolute");
  });

  it("shows its children when given no message", () => {
    render(
      <SiteThemeProvider theme={theme}>
        <FormStatus>
          Code <strong>ABC</strong>
        </FormStatus>
      </SiteThemeProvider>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Code ABC");
  });
});

/** A text field the way the screens hold one: its value in state. */
function NameField({ personName }: { personName?: boolean }) {
  const [value, setValue] = useState("");
  return <TextField label="Nom" value={value} onValueChange={setValue} personName={personName} />;
}

// Spec §5 strips < > ' " & as the member types; in a person's name the apostrophe is kept as ’
// (issue 46). Either way the caret stays where the member was typing.
describe("TextField as the member types", () => {
  it.each([
    ["a person's name keeps the apostrophe, as ’", true, "N'Diaye", "N\u2019Diaye"],
    ["a person's name still drops the other characters", true, `O'<Brien>"&`, "O\u2019Brien"],
    ["any other text field drops the apostrophe", false, "N'Diaye", "NDiaye"],
  ])("%s", async (_, personName, typed, shown) => {
    const user = userEvent.setup();
    render(<NameField personName={personName} />);
    await user.type(screen.getByLabelText("Nom"), typed);
    expect(screen.getByLabelText("Nom")).toHaveValue(shown);
  });

  it.each([
    ["an apostrophe turned into ’", true, "D\u2019Arcy"],
    ["an apostrophe dropped", false, "DArcy"],
  ])("typed in the middle of a name, the next letters follow it (%s)", async (_, personName, shown) => {
    const user = userEvent.setup();
    render(<NameField personName={personName} />);
    const input = screen.getByLabelText<HTMLInputElement>("Nom");
    await user.type(input, "DArcy");
    // The caret after the D, then an apostrophe and a letter that is deleted again.
    await user.type(input, "'x{Backspace}", { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input).toHaveValue(shown);
    expect(input.selectionStart).toBe(shown.indexOf("A"));
  });
});
