/** RFC: when the four letters form one of these, the 4th letter becomes X (research §3.4). */
export const RFC_FORBIDDEN_WORDS: ReadonlySet<string> = new Set(
  (
    "BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO KAGA " +
    "KAGO KAKA KOGE KOJO KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO QULO RATA RUIN"
  ).split(" "),
);

/** CURP (Anexo 2 of the Instructivo normativo): the 2nd letter becomes X (research §3.5). */
export const CURP_INCONVENIENT_WORDS: ReadonlySet<string> = new Set(
  (
    "BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO " +
    "GETA GUEI GUEY JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO " +
    "LOCA LOCO LOKA LOKO MAME MAMO MEAR MEAS MEON MIAR MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE " +
    "PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE ROBO RUIN SENO TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY"
  ).split(" "),
);

export function avoidRfcForbiddenWord(letters: string): string {
  return RFC_FORBIDDEN_WORDS.has(letters) ? `${letters.slice(0, 3)}X` : letters;
}

export function avoidCurpInconvenientWord(letters: string): string {
  return CURP_INCONVENIENT_WORDS.has(letters) ? `${letters[0]}X${letters.slice(2)}` : letters;
}
