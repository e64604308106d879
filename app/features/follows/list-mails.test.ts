import { describe, expect, it } from "vitest";
import { alertMail, confirmMail, quizIssueMail, reminderMail } from "./list-mails";

const links = {
  unsubscribe: "https://quizkvall.se/utskick/avsluta/abc",
  manage: "https://quizkvall.se/utskick/def",
};

describe("list mails", () => {
  it("carry RFC 8058's one-click headers and the same link in the text; the confirmation carries none", () => {
    const oneClick = {
      "List-Unsubscribe": "<https://quizkvall.se/utskick/avsluta/abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    const mails = [
      reminderMail(
        {
          title: "Quiz på <Pelikan>",
          location: "Pelikan",
          streetAddress: null,
          city: "Malmö",
          mapUrl: "https://maps.example/pelikan",
          url: "https://quizkvall.se/quiz/malmo/p",
        },
        { weekdayDate: "fredag 4 december", time: "19:00" },
        links,
      ),
      alertMail(
        { title: "Pelikan", url: "https://quizkvall.se/quiz/malmo/p" },
        [{ kind: "cancelled", night: { weekdayDate: "fredag 4 december", time: "19:00" }, note: null }],
        links,
      ),
      quizIssueMail(
        { title: "NutidsQuiz vecka 49", playUrl: "https://quizkvall.se/veckans-nutidsquiz/spela/1" },
        links,
      ),
    ];
    for (const mail of mails) {
      expect(mail.headers).toEqual(oneClick);
      expect(mail.text).toContain(links.unsubscribe);
      expect(mail.text).toContain(links.manage);
      expect(mail.html).toContain(links.unsubscribe);
    }
    expect(mails[0]!.html).toContain("Quiz på &lt;Pelikan&gt;");
    expect(mails[1]!.subject).toBe("Inställt: Pelikan fredag 4 december kl. 19:00");
    expect(
      confirmMail("veckans NutidsQuiz", "https://quizkvall.se/utskick/bekrafta/x").headers,
    ).toBeUndefined();
  });

  it("says where tonight's quiz is: the street address and a map, in the text and the HTML", () => {
    const night = { weekdayDate: "fredag 4 december", time: "19:00" };
    const mapUrl = "https://www.google.com/maps/search/?api=1&query=Pelikan%2C%20Stora%20Nygatan%204";
    const place = { location: "Pelikan", streetAddress: "Stora Nygatan 4", city: "Malmö", mapUrl };
    const mail = reminderMail(
      { title: "Pelikanquiz", url: "https://quizkvall.se/quiz/malmo/p", ...place },
      night,
      links,
    );
    expect(mail.text).toContain(
      "Pelikanquiz har quiz ikväll, fredag 4 december kl. 19:00, på Pelikan.\nAdress: Stora Nygatan 4, Malmö\n" +
        `Karta: ${mapUrl}\n`,
    );
    expect(mail.html).toContain(
      `Adress: Stora Nygatan 4, Malmö · <a href="${mapUrl.replace(/&/g, "&amp;")}" style="color:#b45309">Visa på karta</a>`,
    );
    // Without a street address the map link still says where (the venue's own map link, or a search).
    const bare = reminderMail(
      { title: "Pelikanquiz", url: "https://quizkvall.se/quiz/malmo/p", ...place, streetAddress: null },
      night,
      links,
    );
    expect(bare.text).not.toContain("Adress:");
    expect(bare.text).toContain(`Karta: ${mapUrl}`);
    expect(bare.html).toContain(">Visa på karta</a>");
  });

  it("names several changes in one alert", () => {
    const mail = alertMail(
      { title: "Pelikan", url: "https://quizkvall.se/quiz/malmo/p" },
      [
        { kind: "removed", night: { weekdayDate: "fredag 4 december", time: "19:00" } },
        { kind: "added", night: { weekdayDate: "fredag 4 december", time: "20:00" } },
        { kind: "restored", night: { weekdayDate: "fredag 11 december", time: "19:00" } },
      ],
      links,
    );
    expect(mail.subject).toBe("Ändrade tider: Pelikan");
    expect(mail.text).toContain(
      "Går inte längre: fredag 4 december kl. 19:00\nNy tid: fredag 4 december kl. 20:00\nBlir av igen: fredag 11 december kl. 19:00",
    );
  });
});
