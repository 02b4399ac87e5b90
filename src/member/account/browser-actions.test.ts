/** @jest-environment jsdom */
import { browserActions } from "./browser-actions";

describe("browserActions.download", () => {
  it("clicks a hidden link to an object URL named after the file, then revokes the URL", () => {
    jest.useFakeTimers();
    const created: Blob[] = [];
    const revoked: string[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return "blob:pass-1";
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.getAttribute("href") ?? "", download: this.download, attached: this.isConnected });
    });
    const blob = new Blob(["pass"], { type: "application/vnd.apple.pkpass" });
    browserActions.download(blob, "CYP1.pkpass");
    expect(created).toEqual([blob]);
    expect(clicks).toEqual([{ href: "blob:pass-1", download: "CYP1.pkpass", attached: true }]);
    expect(document.querySelector("a[download]")).toBeNull();
    expect(revoked).toEqual([]);
    jest.runAllTimers();
    expect(revoked).toEqual(["blob:pass-1"]);
    click.mockRestore();
    jest.useRealTimers();
  });
});
