//! Discord front end.
