"""PicoPeg in the browser (issue 10): the site build, its server, and the browser tests' kit.

SPDX-License-Identifier: MIT
"""
