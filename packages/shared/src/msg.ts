import { LIMITS as L } from './limits.js';

const MB = 1024 * 1024;

// Every user-facing text of SPEC sections 5 and 8 (and DESIGN.md's decisions), word for word;
// a text that names a limit reads it from LIMITS.
// One export each, read as MSG.name (messages.ts: `export * as MSG`), so a bundle keeps only the texts it shows.
// Ask form
export const topicRequired = 'Please select a topic';
export const titleMin = `Title must be at least ${L.title.min} characters`;
export const titleMax = `Title must be less than ${L.title.max} characters`;
export const descriptionMin = `Description must be at least ${L.description.min} characters`;
export const descriptionMax = `Description must be less than ${L.description.max} characters`;
export const tagsMax = `Maximum ${L.tags.max} tags allowed`;
export const tagMin = `Tags must be at least ${L.tags.min} characters`;
export const tagMax = `Tags must be less than ${L.tags.maxLength} characters`;
export const tagChars = 'Tags can only contain letters, numbers, spaces, and dashes';
export const tagEmpty = 'Tag cannot be empty';
export const tagLength = `Tag must be between ${L.tags.min} and ${L.tags.maxLength} characters`;
export const tagDuplicate = 'Tag already added';
// Reply
export const replyMin = `Reply must be at least ${L.reply.min} characters`;
export const replyMax = `Reply must be less than ${L.reply.max} characters`;
export const tooManyMentions = `A reply can mention at most ${L.mentionsPerReply} members`;
export const mentionsHint = `Mention up to ${L.mentionsPerReply} members with @username.`;
export const replySignIn = 'You must be logged in to reply';
export const replyPosted = 'Reply posted!';
export const failedPostReply = 'Failed to post reply';
export const repliesDisabled = 'Further replies are disabled';
export const solvedCard = 'This question has been marked as solved';
export const postReply = 'Post Reply';
export const addReply = 'Add a Reply';
export const pinnedReply = 'Pinned Reply';
export const loadMoreReplies = 'Load more replies';
export const replyCount = (n: number) => (n === 1 ? '1 Reply' : `${n} Replies`);
// Insert-hyperlink dialog
export const linkText = 'Link Text';
export const linkUrl = 'URL';
export const invalidHttpUrl = 'Please enter a valid http or https URL';
// Notification bell
export const notifications = 'Notifications';
export const markAllRead = 'Mark all as read';
export const failedMarkRead = 'Failed to mark notifications as read';
export const noNotifications = 'No notifications yet';
export const badge = (unread: number) => (unread > L.badgeCap ? `${L.badgeCap}+` : String(unread));
// One-click unsubscribe (GET shows the confirmation page, POST turns the preference off)
export const unsubscribeTitle = 'Unsubscribe';
export const unsubscribeConfirm = (what: string) => `Stop emails about ${what}?`;
export const unsubscribeButton = 'Unsubscribe';
export const unsubscribed = (what: string) =>
  `You will no longer get emails about ${what}. You can turn them back on in your settings.`;
export const unsubscribeInvalid = 'This unsubscribe link is not valid.';
export const failedEmailsLine = (n: number) => `${n} email${n === 1 ? '' : 's'} could not be delivered`;
// Profile
export const usernameMin = `Username must be at least ${L.username.min} characters`;
export const usernameMax = `Username must be less than ${L.username.max} characters`;
export const usernameChars = 'Username can only contain letters, numbers, underscores, and hyphens';
export const usernameTaken = 'Username is already taken';
export const bioMax = `Bio must be less than ${L.bio.max} characters`;
// Passwords
export const passwordMin = `Password must be at least ${L.password.min} characters`;
export const passwordMax = `Password must be less than ${L.password.max} characters`;
export const passwordStrength = 'Password must contain an uppercase letter, a lowercase letter and a number';
export const passwordRequired = 'Password is required';
export const passwordHint = `At least ${L.password.min} characters, with an uppercase letter, a lowercase letter and a number.`;
export const currentPasswordRequired = 'Current password is required';
export const passwordsDontMatch = "Passwords don't match";
// Email
export const emailInvalid = 'Please enter a valid email address';
// Auth toasts (title, description)
export const accountExists = 'Account exists';
export const accountExistsDetail = 'This email is already registered. Please sign in instead.';
export const signupFailed = 'Signup failed';
export const loginFailed = 'Login failed';
export const loginFailedDetail = 'Invalid email or password. Please try again.';
export const googleFailed = 'Google sign-in failed';
export const resetFailed = 'Password reset failed';
export const passwordUpdateFailed = 'Password update failed';
export const validationError = 'Validation Error';
export const genericError = 'Error';
export const checkEmail = 'Check your email';
export const checkEmailDetail = 'If an account exists for that address, we sent a link to reset your password.';
export const passwordUpdated = 'Password updated!';
/** `site`: the site's name as its settings give it. */
export const welcomeNew = (site: string) => `Welcome to ${site}!`;
export const welcomeBack = 'Welcome back!';
export const sessionEnded = 'Your session has ended. Please sign in again.';
export const bannedSignIn = (reason: string, until: string | null) =>
  `Your account is banned${until ? ` until ${until}` : ''}: ${reason}`;
export const tooManyRequests = 'Too many attempts. Please wait a moment and try again.';
export const tooManyStreams = 'Too many live connections are open. Close some tabs and try again.';
export const forbiddenOrigin = 'Requests must come from the forum itself.';
export const signInRequired = 'Please sign in to continue';
// Pages
export const notFound = 'Oops! Page not found';
export const unexpectedError = 'Unexpected Application Error!';
export const pageFailed = 'Something went wrong while showing this page. Try again, or go back to the discussions.';
export const newVersion = (site: string) =>
  `${site} has been updated since this page was opened. Reload to get the new version.`;
// Admin
export const reasonRequired = 'Reason required';
export const denyReasonPrompt = 'Please provide a reason for denying this post.';
export const reasonTooLong = 'Reason too long';
export const banReasonPrompt = 'Please provide a reason for banning this user.';
export const confirmWord = (word: string) => `Please type "${word}" to confirm`;
export const objectNameRequired = 'Object name required';
export const objectNamePrompt = 'Please enter a corrected object name';
// Media
export const maxImages = `Maximum ${L.images.perPost} images allowed`;
export const maxVideos = `Maximum ${L.video.perPost} video allowed`;
export const signInToUpload = 'Please sign in to upload media';
export const invalidImageType = (file: string) => `${file} is not a valid image type`;
export const imageTooLarge = (file: string) => `${file} exceeds ${L.images.maxBytes / MB}MB limit`;
export const onlyImageTypes = 'Only JPEG, PNG, WEBP files are allowed';
export const maxFiles = (n: number) => `Maximum ${n} files allowed`;
export const filesTooLarge = (n: number) => `Files must be less than ${n}MB`;
export const onlyVideoTypes = 'Only MP4, WEBM, QUICKTIME videos are allowed';
export const videoTooLarge = `Video must be less than ${L.video.maxBytes / MB}MB`;
export const videoTooLong = `Video must be less than ${L.video.maxSeconds / 60} minutes`;
export const invalidVideoFile = 'Invalid video file';
export const invalidVideoType = 'Invalid video type';
export const failedUpload = (file: string) => `Failed to upload ${file}`;
export const failedThumbnail = 'Failed to upload thumbnail';
export const failedVideo = 'Failed to upload video';
export const couldNotCompress = (file: string) => `Could not compress ${file}, uploading original`;
export const compressed = (file: string, saved: number) => `Compressed ${file} (saved ${saved}%)`;
export const videoValidated = 'Video validated';
export const thumbnailGenerated = 'Thumbnail generated';
export const videoUploaded = 'Video uploaded successfully';
export const imagesUploaded = (n: number) => `${n} image(s) uploaded successfully`;
export const imageRemoved = 'Image removed';
export const videoRemoved = 'Video removed';
export const failedRemoveImage = 'Failed to remove image';
export const failedRemoveVideo = 'Failed to remove video';
// Posts
export const signInToSubmit = 'Please sign in to submit a question';
export const failedSubmit = 'Failed to submit question';
export const questionSubmitted = 'Question submitted for review!';
export const noPosts = 'No posts yet. Be the first to ask a question!';
export const failedLoadPosts = 'Failed to load posts';
export const failedLoadPost = 'Failed to load post';
export const postNotFound = 'Post not found';
export const failedLike = 'Failed to like post';
export const failedBookmark = 'Failed to update bookmark';
export const bookmarkRemoved = 'Bookmark removed';
export const postBookmarked = 'Post bookmarked!';
export const linkCopied = 'Link copied to clipboard!';
export const failedCopy = 'Failed to copy link';
export const failedLoadBookmarks = 'Failed to load bookmarks';
export const noBookmarks = 'You have no saved posts yet. Bookmark a question to find it here.';
// Review queue
export const postApproved = 'Post Approved';
export const postDenied = 'Post Denied';
export const approvalFailed = 'Approval Failed';
export const denyFailed = 'Deny Failed';
export const failedLoadPending = 'Failed to load pending posts';
export const noPending = 'No pending posts to review. Great work!';
export const bannedForDeniedPost = (reason: string) => `Banned due to denied post: ${reason}`;
// Post and reply actions
export const failedUpdatePost = 'Failed to update post';
export const postDeleted = 'Post deleted!';
export const replyPinned = 'Reply pinned';
export const replyUnpinned = 'Reply unpinned';
export const replyDeleted = 'Reply deleted';
export const failedTogglePin = 'Failed to toggle pin';
export const failedDeleteReply = 'Failed to delete reply';
export const replyNotFound = 'Reply not found';
// Editing, revisions, accepted answers and helpful marks (issue 23)
export const editConflict = 'This was changed while you were editing';
export const reloadKeepingText = 'Reload, keeping my text';
export const edited = 'edited';
export const editQuestion = 'Edit question';
export const editReply = 'Edit reply';
export const editAndResubmit = 'Edit and resubmit';
export const saveChanges = 'Save Changes';
export const questionUpdated = 'Question updated';
export const questionResubmitted = 'Question resubmitted for review!';
export const replyUpdated = 'Reply updated';
export const failedEdit = 'Failed to save your changes';
export const cannotEditPost = 'Only the author or staff can edit this question.';
export const cannotEditReply = 'Only the author or staff can edit this reply.';
export const revisionsTitle = 'Edit history';
export const noRevisions = 'No earlier versions';
export const restoreRevision = 'Restore the text before this edit';
export const revisionRestored = 'Earlier version restored';
export const revisionNotFound = 'Revision not found';
export const acceptedAnswer = 'Accepted answer';
export const acceptAnswer = 'Accept answer';
export const answerAccepted = 'Answer accepted: the question is solved!';
export const acceptUndone = 'Accepted answer removed: the question is open again.';
export const failedAccept = 'Failed to update the accepted answer';
export const cannotAccept = 'Only the asker or staff can accept an answer.';
export const notAccepted = 'This question has no accepted answer.';
export const helpful = 'Helpful';
export const failedHelpful = 'Failed to mark the reply helpful';
export const cannotMarkOwnReply = 'You cannot mark your own reply helpful.';
export const signInToMarkHelpful = 'Please sign in to mark replies helpful';
export const answered = 'Answered';
export const answeredBy = (username: string) => `Answered by @${username}`;
export const solutions = 'Solutions';
export const illegalPostMove = (action: string, status: string) => `A ${status} post cannot be ${action}.`;
// User management
export const failedLoadUsers = 'Failed to load users';
export const userBanned = 'User Banned';
export const banFailed = 'Ban Failed';
export const userUnbanned = 'User Unbanned';
export const unbanFailed = 'Unban Failed';
export const roleUpdated = 'Role Updated';
export const roleFailed = 'Role Change Failed';
export const notBanned = 'This member is not banned.';
export const cannotActOnSelf = 'You cannot ban or delete yourself.';
export const moderatorCannotTouchAdmin = 'A moderator cannot ban, delete or change the role of an admin.';
export const onlyAdminsChangeRoles = 'Only admins can change roles.';
export const lastAdminDemote = 'The last admin cannot be demoted.';
export const lastAdminDeleteUser = 'The last admin cannot be deleted.';
export const failedLoadLog = 'Failed to load the moderation log';
// Settings and profiles
export const avatarUpdated = 'Avatar updated successfully!';
export const failedAvatar = 'Failed to update avatar';
export const failedProfile = 'Failed to update profile';
export const failedPasswordCheck = 'Failed to update password. Please check your current password.';
export const failedPassword = 'Failed to update password';
export const failedEmailPreferences = 'Failed to update email preferences';
export const failedLoadProfileData = 'Failed to load profile data';
export const someSettingsFailed = 'Some settings failed to save';
export const failedSaveSettings = 'Failed to save settings';
export const settingsSaved = 'Settings saved successfully!';
export const emailReadOnly = 'Contact support to change your email address';
export const setPasswordViaReset =
  'You signed in with Google and have no password yet. To set one, request a password reset email.';
export const userNotFound = 'User not found';
export const failedLoadProfile = 'Failed to load profile';
export const invalidAvatar = 'Please choose one of the preset avatars or upload an image';
export const avatarUploadNotFound = 'That avatar upload was not found';
export const bookmarksOwnOnly = 'You can only see your own bookmarks';
export const lastAdminDelete = 'You are the last admin: make another member an admin before deleting your account';
export const accountDeleted = 'Your account has been deleted';
export const userDeleted = 'User Deleted';
export const deleteFailed = 'Delete Failed';
// Other
export const nulCharacter = 'Text cannot contain NUL characters';
export const failedLoadData = 'Failed to load data';
export const searchBlank = 'Please enter something to search for';
export const searchTooLong = 'Search text must be less than 500 characters';
export const searching = 'Searching...';
export const failedSearch = 'Failed to search posts';
export const noResults = 'No results found';
export const didYouMean = 'Did you mean';
export const similarWhileAsking = 'Looks like these were asked before';
export const similarQuestions = 'Similar questions';
export const signInToLike = 'Please sign in to like posts';
export const signInToBookmark = 'Please sign in to bookmark posts';
export const signInToAsk = 'Please sign in to ask a question';
// Server answers (API error messages)
export const serverError = 'Something went wrong on our side. Please try again.';
export const unavailable = 'The forum is busy or briefly unavailable. Please try again in a moment.';
export const forbidden = 'You do not have permission to do that';
export const notFoundApi = 'Not found';
export const webAppNotBuilt = 'The web app has not been built. Run: npm run build';
export const invalidCursor = 'Invalid cursor';
export const invalidResetLink = 'This reset link is invalid or has expired. Please request a new one.';
export const noBanReason = 'No reason given';
export const notPending = (verb: string, status: string) => `Only pending posts can be ${verb}; this one is ${status}.`;
export const cannotBanSelf = 'You cannot ban yourself.';
export const moderatorCannotBanAdmin = 'A moderator cannot ban an admin.';
export const fileAttachedTwice = 'The same file was attached twice';
export const uploadMissing = 'An uploaded file is missing or already used. Please upload it again.';
export const chooseImage = 'Please choose at least one image';
export const uploadNotFound = 'Upload not found';
export const sendMultipart = 'Send the files as multipart/form-data';
export const unknownUploadPurpose = 'Unknown upload purpose';
export const tooManyPixels = (file: string) => `${file} is too large in pixels`;
// Site settings (/admin/settings)
export const siteNameRequired = 'Enter a site name';
export const siteNameTooLong = (max: number) => `The site name can be at most ${max} characters`;
export const siteDescriptionTooLong = (max: number) => `The description can be at most ${max} characters`;
export const accentColorFormat = 'Enter the accent colour as #rrggbb, for example #1d4ed8';
export const footerLinkLabel = 'Each footer link needs a label of 1-40 characters';
export const footerLinkUrl = 'A footer link must be an http(s) address or a path on this site starting with /';
export const tooManyFooterLinks = (max: number) => `At most ${max} footer links`;
export const settingWholeNumber = (max: number) => `Enter a whole number from 1 to ${max}`;
export const settingFixedByEnv = (label: string, env: string) =>
  `${label} is set by the environment variable ${env}; change it there.`;
export const onlyAdminsSettings = 'Only admins can change the site settings.';
export const settingOnOff = 'Choose on or off';

// Flags, trust levels and email verification (issue 26)
export const chooseFlagReason = 'Please choose a reason';
export const flagNoteLength = `Please describe the problem in ${L.flagNote.min}-${L.flagNote.max} characters`;
export const flagOwn = 'You cannot flag your own post';
export const flaggedBefore = 'You have already flagged this';
export const flagThanks = 'Thanks: our moderators will take a look.';
export const flagNothingOpen = 'There are no open flags on this';
export const replyHiddenNotice = 'This reply was hidden after flags from the community';
export const postHiddenNotice = 'This question was hidden after flags from the community';
export const hiddenEditHint = 'Edit it to send it back for review.';
export const replyAwaitingReview = 'Your first reply is waiting for a moderator to review it.';
export const replyPendingNotice = 'Waiting for review: only you and moderators can see this reply.';
export const newMemberLinks = `New members can add at most ${L.newMember.linksPerReply} links to a reply`;
export const newMemberPhotos = `New members can add at most ${L.newMember.photosPerReply} photo to a reply`;
export const newMemberMentions = `New members can mention at most ${L.newMember.mentionsPerReply} members in a reply`;
export const newMemberRepliesPerHour = `New members can post at most ${L.newMember.repliesPerHour} replies an hour. Please try again later.`;
export const confirmEmailFirst = 'Please confirm your email address first';
export const resendVerification = 'Resend';
export const verificationSent = 'We sent you a new confirmation link.';
export const emailAlreadyVerified = 'Your email address is already confirmed';
export const trustLevelSaved = 'Trust level saved';
export const replyApproved = 'Reply approved!';
export const replyNotPending = 'This reply is not waiting for review';
// Part pages (issue 27)
export const partNotFound = 'Part not found';
export const partNameTooLong = 'Names must be less than 100 characters';
export const partNumberRequired = 'Please enter a part number';
export const partMergeSelf = 'A part cannot be merged into itself';
export const partSaved = 'Part saved';
export const partMerged = 'Parts merged';
// Installable app and push (issue 29)
export const newVersionAvailable = 'New version available';
export const reloadForNewVersion = 'Reload';
export const pushEndpointInvalid = 'This browser gave a push address we cannot use';
export const pushEndpointRefused = 'Push notifications can only go to a secure (https) push service on the internet';
export const pushKeysInvalid = 'This browser gave push keys we cannot use';
export const pushDeviceNotFound = 'Device not found';
export const pushTurnedOn = 'Push notifications are on for this device';
export const pushTurnedOff = 'Push notifications are off for this device';
export const pushDeviceRemoved = 'Device removed';
export const pushBlocked =
  'Notifications are blocked for this site: allow them in your browser’s site settings, then try again';
export const pushUnsupported = 'This browser cannot receive push notifications';
export const pushFailed = 'Could not turn push notifications on';
export const pushPreferencesSaved = 'Push preferences saved';
export const takePhoto = 'Take a photo';
export const draftRestored = 'Draft restored';
export const discardDraft = 'Discard';
export const draftTooLong = 'This draft is too long to keep';
export const invalidMentionQuery = 'Type letters, digits, - or _ after @';
export const flagDecided = {
  dismiss: 'Flags dismissed',
  hide: 'Hidden pending review',
  delete: 'Deleted',
  'delete-and-ban': 'Deleted, and the author banned',
} as const;
