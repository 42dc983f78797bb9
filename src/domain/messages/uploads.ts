/** Uploads, 159 sign-offs, the compliance report and the Forms documents: spec §2, §4, §5, §8. Owned by the uploads work. */
export const uploads = {
  titles: {
    board159: '159 Board',
    losapNotices: 'LOSAP Notices',
    uploads: 'Uploads',
    add: 'Add Upload',
    edit: 'Edit Upload',
    forms: 'Forms',
    downloadReport: '159 Compliance Report',
  },
  /** Names of the Forms page groups (spec §2 Forms page), upload types 3 to 7. */
  formGroups: {
    departmentalForms: 'Departmental Forms',
    teamForms: 'Team Forms',
    referenceDocuments: 'Reference Documents',
    fieldTrainingForms: 'Field Training Forms',
    holidayDeploymentForms: 'Holiday Deployment Forms',
  },
  fields: {
    uploadType: 'Upload Type',
    dateEntered: 'Date',
    description: 'Description',
    file: 'File',
    filename: 'File Name',
    linkUrl: 'Link',
    read: 'Read',
    signoffTimestamp: 'Signed Off',
    dateEntered1: 'From',
    dateEntered2: 'Thru',
    officer: 'Officer',
    precinct: 'Precinct',
    status: 'Status',
    documents: 'Documents',
    webLink: 'Web link',
    edit: 'Edit',
    chooseFile: 'Choose File',
    acceptedTypes: 'PDF, DOC or DOCX',
    currentFile: 'Current file: %{name}. Choose a file to replace it.',
    chosenFile: '%{name} (%{size})',
    linkHelp: 'Forms page documents only: a web address instead of a file.',
    /** Accessible names of a row's controls, one per document. */
    readOf: 'Read: %{description}',
    downloadOf: 'Download %{name}',
    editOf: 'Edit %{description}',
    reportOf: 'Compliance report: %{description}',
    opensInNewTab: '%{name} (opens in a new tab)',
  },
  actions: {
    filter: 'Filter',
    clear: 'Clear',
  },
  /** The upload progress bar of /UploadEdit. */
  progress: 'Uploading… %{percent}%',
  /** Toast after a successful add or change (spec §4 Saves: back to the list). */
  saved: 'Upload saved.',
  /** A Forms page group with no documents. */
  noDocuments: 'No documents yet.',
  status: {
    unread: 'UNREAD',
  },
  validation: {
    mustSelectFileType: 'Must select file type',
    descriptionRequired: 'Description is required',
    descriptionAscii: 'Description has non-ASCII characters. Please remove!',
    onlyPdfOrWord: 'Only PDF or Word Docs permitted!',
    fileRequired: 'File is required',
    fileTooLarge: 'The file is larger than the %{max} MB limit.',
    linkNotForType: 'Only documents of the Forms page can be links.',
    fileOrLink: 'Send either a file or a link, not both.',
    invalidLink: 'Link must be a web address starting with http:// or https://',
    jsonBodyData: 'The jsonBodyData part must hold the upload as JSON.',
    multipartRequired: 'Send the upload as multipart/form-data with a file part and a jsonBodyData part.',
    unknownPart: 'Unknown part: %{name}',
    /** A multipart body cut off, without its boundary, or not multipart at all. */
    multipartBroken: 'The upload arrived incomplete or garbled. Please send it again.',
    /** A Word document (a ZIP package) whose entries unpack to more than UPLOAD_MAX_UNPACKED_MB. */
    unpackedTooLarge: 'The Word document unpacks to more than the %{max} MB limit.',
    /** A Word document entry packed far more tightly than real documents are (a "ZIP bomb"). */
    packedTooTightly: 'The Word document unpacks to more than %{ratio} times its packed size, which no real document does.',
  },
  errors: {
    uploadNotFound: 'Upload not found.',
    noFile: 'This document is a link and has no file to download.',
    signOwnOnly: 'You can only sign off your own 159s.',
    untickSuperUserOnly: "Only the super user can untick a signed-off 159.",
    only159s: 'Only 159s are signed off.',
    reportNeedsOne: 'Choose a 159 (uploadId) or an officer (officerId) for the compliance report.',
    reportOnly159s: 'The compliance report is for 159s only.',
    officerNotFound: 'Officer not found.',
    unread159Alert: "You have unread 159's that are older than 30 days!",
  },
} as const;
