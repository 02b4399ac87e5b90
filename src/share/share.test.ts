import { filmShareUrl, shareLink, type ShareNavigator } from "./share";

const target = { title: "Les Ombres du lac", url: "https://www.cinema.example/films/1-les-ombres-du-lac/" };
const domError = (name: string) => Object.assign(new Error(name), { name });

describe("shareLink: share sheet, else clipboard, else the link to copy by hand", () => {
  it("uses the Web Share API where the browser has it", async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    const writeText = jest.fn();
    await expect(shareLink(target, { share, clipboard: { writeText } })).resolves.toBe("shared");
    expect(share).toHaveBeenCalledWith({ title: target.title, url: target.url });
    expect(writeText).not.toHaveBeenCalled();
  });

  it("says nothing when the visitor closes the share sheet", async () => {
    const writeText = jest.fn();
    const nav: ShareNavigator = { share: () => Promise.reject(domError("AbortError")), clipboard: { writeText } };
    await expect(shareLink(target, nav)).resolves.toBe("cancelled");
    expect(writeText).not.toHaveBeenCalled();
  });

  it("copies the link when sharing is refused for another reason", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const nav: ShareNavigator = { share: () => Promise.reject(domError("NotAllowedError")), clipboard: { writeText } };
    await expect(shareLink(target, nav)).resolves.toBe("copied");
    expect(writeText).toHaveBeenCalledWith(target.url);
  });

  it("copies the link when the browser cannot share it (canShare false)", async () => {
    const share = jest.fn();
    const writeText = jest.fn().mockResolvedValue(undefined);
    await expect(shareLink(target, { share, canShare: () => false, clipboard: { writeText } })).resolves.toBe("copied");
    expect(share).not.toHaveBeenCalled();
  });

  it("copies the link without Web Share (desktop Firefox, Chromium on Linux)", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    await expect(shareLink(target, { clipboard: { writeText } })).resolves.toBe("copied");
  });

  it.each<[string, ShareNavigator]>([
    ["the clipboard refuses", { clipboard: { writeText: () => Promise.reject(domError("NotAllowedError")) } }],
    ["no clipboard (no secure context)", {}],
  ])("shows the link to copy by hand when %s", async (_label, nav) => {
    await expect(shareLink(target, nav)).resolves.toBe("manual");
  });
});

describe("filmShareUrl", () => {
  it("is the film page on the current host, without the query", () => {
    expect(filmShareUrl("/films/1-les-ombres-du-lac/", "http://localhost:9000")).toBe(
      "http://localhost:9000/films/1-les-ombres-du-lac/",
    );
  });
});
