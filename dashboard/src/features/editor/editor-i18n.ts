import type { I18nDictionary } from '@editorjs/editorjs';

/** Editor.js in French: the core's interface, the tool names, the tools' own texts and block tunes. */
export const EDITOR_MESSAGES_FR: I18nDictionary = {
  ui: {
    blockTunes: {
      toggler: {
        'Click to tune': 'Cliquer pour régler',
        'or drag to move': 'ou glisser pour déplacer',
      },
    },
    inlineToolbar: {
      converter: {
        'Convert to': 'Convertir en',
      },
    },
    toolbar: {
      toolbox: {
        Add: 'Ajouter',
      },
    },
    popover: {
      Filter: 'Filtrer',
      'Nothing found': 'Aucun résultat',
      'Convert to': 'Convertir en',
    },
  },
  toolNames: {
    Text: 'Paragraphe',
    Heading: 'Titre',
    List: 'Liste',
    'Unordered List': 'Liste à puces',
    'Ordered List': 'Liste numérotée',
    Checklist: 'Liste de tâches',
    Quote: 'Citation',
    Delimiter: 'Séparateur',
    Table: 'Tableau',
    Image: 'Image',
    Link: 'Lien',
    Bold: 'Gras',
    Italic: 'Italique',
  },
  tools: {
    paragraph: {
      'Enter something': 'Saisissez du texte',
    },
    link: {
      'Add a link': 'Ajouter un lien',
    },
    stub: {
      'The block can not be displayed correctly.': 'Ce bloc ne peut pas être affiché correctement.',
    },
    header: {
      Header: 'Titre',
      'Heading 1': 'Titre 1',
      'Heading 2': 'Titre 2',
      'Heading 3': 'Titre 3',
      'Heading 4': 'Titre 4',
    },
    list: {
      Unordered: 'À puces',
      Ordered: 'Numérotée',
      Checklist: 'Liste de tâches',
      'Start with': 'Commencer à',
      'Counter type': 'Type de numérotation',
    },
    quote: {
      'Align Left': 'Aligner à gauche',
      'Align Center': 'Centrer',
    },
    image: {
      Caption: 'Légende',
      'Select an Image': 'Choisir une image',
      'With border': 'Avec bordure',
      'Stretch image': 'Pleine largeur',
      'With background': 'Avec fond',
      'With caption': 'Avec légende',
      'Couldn’t upload image. Please try another.': "Erreur lors de l'upload",
    },
    table: {
      'Add column to left': 'Ajouter une colonne à gauche',
      'Add column to right': 'Ajouter une colonne à droite',
      'Add row above': 'Ajouter une ligne au-dessus',
      'Add row below': 'Ajouter une ligne en dessous',
      'Delete column': 'Supprimer la colonne',
      'Delete row': 'Supprimer la ligne',
      'With headings': 'Avec en-têtes',
      'Without headings': 'Sans en-têtes',
      Heading: 'En-tête',
      Stretch: 'Pleine largeur',
      Collapse: 'Réduire',
    },
    embed: {
      'Enter a caption': 'Saisissez une légende',
    },
  },
  blockTunes: {
    delete: {
      Delete: 'Supprimer',
      'Click to delete': 'Cliquer pour supprimer',
    },
    moveUp: {
      'Move up': 'Monter',
    },
    moveDown: {
      'Move down': 'Descendre',
    },
  },
};
