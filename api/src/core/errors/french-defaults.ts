/** French texts for statuses whose error came from the framework rather than from our code. */
export const FRENCH_STATUS_MESSAGES: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Vous devez être connecté.',
  403: "Vous n'avez pas la permission d'effectuer cette action.",
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée.',
  408: 'La requête a pris trop de temps.',
  409: 'Conflit avec l’état actuel de la ressource.',
  413: 'Le fichier ou la requête est trop volumineux.',
  415: 'Type de contenu non pris en charge.',
  419: 'Votre session a expiré, veuillez recharger la page.',
  422: 'Les données envoyées sont invalides.',
  429: 'Trop de tentatives, veuillez réessayer plus tard.',
  500: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  503: 'Service momentanément indisponible. Veuillez réessayer dans un instant.',
};

export const frenchMessageFor = (status: number): string =>
  FRENCH_STATUS_MESSAGES[status] ?? (status >= 500 ? FRENCH_STATUS_MESSAGES[500]! : FRENCH_STATUS_MESSAGES[400]!);
